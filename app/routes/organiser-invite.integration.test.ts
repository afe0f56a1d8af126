import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSurveyDeadline } from "~/features/event/models/event-settings.server";
import { createUser, getUserByEmail } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { ORIGIN, callRoute, cookieFrom, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { createConfirmedOrganiser } from "../../tests/support/organiser";
import { useFakeMail } from "../../tests/support/mail";
import * as authPage from "~/routes/auth";
import * as organiserPage from "~/routes/organiser";

useFreshDatabase();
const fake = useFakeMail({ ADMIN_EMAILS: "boss@example.com", APP_URL: ORIGIN });
let cookie: string;

beforeAll(async () => {
  const boss = await createConfirmedOrganiser({ email: "boss@example.com" });
  await createUser({ email: "ana@example.com", password: "secret1" });
  cookie = cookieFrom(await createUserSession(boss.id, "/"));
});

afterAll(() => setSurveyDeadline(null));

const post = (form: Record<string, string>) =>
  callRoute(organiserPage.action, makeRequest("/organiser", { cookie, form }));
const page = async () =>
  (await callRoute(organiserPage.loader, makeRequest("/organiser", { cookie }))).json();

describe("invitations", () => {
  it("mail each new address a register link with its address filled in, list them, and remind them", async () => {
    expect((await post({ intent: "invite", addresses: "not-an-address" })).status).toBe(400);
    const answer = await post({
      intent: "invite",
      addresses: "Cy <cy@example.com>, ANA@example.com\nbo@example.com",
    });
    expect(answer.status).toBe(302);
    expect(fake.mails.map((mail) => mail.to).sort()).toEqual(["bo@example.com", "cy@example.com"]);
    const link = /Register here: (\S+)/.exec(
      fake.mails.find((mail) => mail.to === "cy@example.com")!.text,
    )![1];
    expect(link).toBe(`${ORIGIN}/auth?mode=register&email=cy%40example.com`);
    expect((await page()).invite.pending.map((entry: { email: string }) => entry.email)).toEqual([
      "bo@example.com",
      "cy@example.com",
    ]);

    const form = await (
      await callRoute(authPage.loader, makeRequest(new URL(link).pathname + new URL(link).search))
    ).json();
    expect(form).toMatchObject({ mode: "register", prefill: "cy@example.com" });
    await createUser({ email: "Cy@example.com", password: "secret1" });
    expect((await page()).invite.pending.map((entry: { email: string }) => entry.email)).toEqual([
      "bo@example.com",
    ]);

    await setSurveyDeadline(new Date("2099-07-01T22:00:00Z"));
    fake.mails.length = 0;
    expect((await post({ intent: "send-reminder" })).status).toBe(302);
    const reminded = fake.mails.map((mail) => mail.to).sort();
    expect(reminded).toEqual(["ana@example.com", "bo@example.com", "boss@example.com", "cy@example.com"]);
    const invitee = fake.mails.find((mail) => mail.to === "bo@example.com")!;
    expect(invitee.text).toContain("Hi there,");
    expect(invitee.text).toContain("/auth?mode=register&email=bo%40example.com");
    expect(await getUserByEmail("bo@example.com")).toBeUndefined();
  });
});
