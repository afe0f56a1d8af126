import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSurveyDeadline } from "~/features/season/models/event-settings.server";
import { INVITE_DAILY_CAP, INVITE_LIMIT } from "~/features/organiser/lib/invitations";
import { createUser, getUserByEmail } from "~/platform/models/user.server";
import { MAIL_BATCH } from "~/platform/services/mail.server";
import { createUserSession } from "~/platform/services/session.server";
import { ORIGIN, callRoute, cookieFrom, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { createConfirmedOrganiser } from "../../tests/support/organiser";
import { useFakeMail } from "../../tests/support/mail";
import * as authPage from "~/routes/auth";
import { organiserAction, organiserLoader } from "../../tests/support/organiser-pages";

useFreshDatabase();
const fake = useFakeMail({ ADMIN_EMAILS: "boss@example.com,chief@example.com", APP_URL: ORIGIN });
let cookie: string;
let chiefCookie: string;

beforeAll(async () => {
  const boss = await createConfirmedOrganiser({ email: "boss@example.com" });
  await createUser({ email: "ana@example.com", password: "secret1" });
  cookie = cookieFrom(await createUserSession(boss.id, "/"));
  const chief = await createConfirmedOrganiser({ email: "chief@example.com" });
  chiefCookie = cookieFrom(await createUserSession(chief.id, "/"));
});

afterAll(() => setSurveyDeadline(null));

const post = (form: Record<string, string>, as = cookie) =>
  callRoute(organiserAction, makeRequest("/organiser", { cookie: as, form }));
const page = async (flash = "") =>
  (await callRoute(organiserLoader, makeRequest("/organiser", { cookie: cookie + flash }))).json();
/** The message the page shows after this answer's redirect. */
const flashOf = async (answer: Response) => {
  const flash = answer.headers.getSetCookie().find((value) => value.startsWith("sgw_flash="))!;
  return (await page(`; ${flash.split(";")[0]}`)).flash as string;
};
const mailsTo = (to: string) => fake.mails.filter((mail) => mail.to === to);
const LONG = "Dee Dee Ramone the Third of Queens in New York City";

describe("invitations", () => {
  it("mail each new address a register link with its address filled in, list them, and remind them", async () => {
    expect((await post({ intent: "invite", addresses: "not-an-address" })).status).toBe(400);
    const answer = await post({
      intent: "invite",
      addresses: `Cy <cy@example.com>, ANA@example.com\nbo@example.com\n${LONG} <dee@example.com>`,
    });
    expect(answer.status).toBe(302);
    expect(fake.mails.map((mail) => mail.to).sort()).toEqual([
      "bo@example.com",
      "cy@example.com",
      "dee@example.com",
    ]);
    // The greeting keeps a name to docs/organiser.md's 40 characters, as every mail does.
    const dee = mailsTo("dee@example.com")[0].text;
    expect(dee).toContain(`Hi ${LONG.slice(0, 39).trimEnd()}…,`);
    const link = /Register here: (\S+)/.exec(
      fake.mails.find((mail) => mail.to === "cy@example.com")!.text,
    )![1];
    // The list's name rides along, so the register form greets Cy by name too.
    expect(link).toBe(`${ORIGIN}/auth?mode=register&email=cy%40example.com&name=Cy`);
    expect((await page()).invite.pending.map((entry: { email: string }) => entry.email)).toEqual([
      "bo@example.com",
      "cy@example.com",
      "dee@example.com",
    ]);

    const form = await (
      await callRoute(authPage.loader, makeRequest(new URL(link).pathname + new URL(link).search))
    ).json();
    expect(form).toMatchObject({ mode: "register", prefill: "cy@example.com" });
    await createUser({ email: "Cy@example.com", password: "secret1" });
    expect((await page()).invite.pending.map((entry: { email: string }) => entry.email)).toEqual([
      "bo@example.com",
      "dee@example.com",
    ]);

    await setSurveyDeadline(new Date("2099-07-01T22:00:00Z"));
    fake.mails.length = 0;
    expect((await post({ intent: "send-reminder" })).status).toBe(302);
    const reminded = fake.mails.map((mail) => mail.to).sort();
    expect(reminded).toEqual([
      "ana@example.com",
      "bo@example.com",
      "boss@example.com",
      "chief@example.com",
      "cy@example.com",
      "dee@example.com",
    ]);
    const invitee = fake.mails.find((mail) => mail.to === "bo@example.com")!;
    expect(invitee.text).toContain("Hi there,");
    // The reminder to an invited address keeps the name the invite list gave, and its register link.
    const named = fake.mails.find((mail) => mail.to === "dee@example.com")!.text;
    expect(named).toContain(`Hi ${LONG.slice(0, 39).trimEnd()}…,`);
    expect(named).toContain("/auth?mode=register&email=dee%40example.com&name=");
    expect(invitee.text).toContain("/auth?mode=register&email=bo%40example.com");
    expect(await getUserByEmail("bo@example.com")).toBeUndefined();
  });

  it("mails an address once however many posts invite it at once; a second invitation names it instead", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post({ intent: "invite", addresses: "twice@example.com" })),
    );
    expect(answers.every((answer) => answer.status === 302)).toBe(true);
    expect(mailsTo("twice@example.com")).toHaveLength(1);
    const messages = await Promise.all(answers.map(flashOf));
    expect(messages.filter((message) => message.startsWith("Invited 1: twice@example.com."))).toHaveLength(1);
    const again = await post({ intent: "invite", addresses: "twice@example.com, new@example.com" });
    expect(await flashOf(again)).toBe(
      "Invited 1: new@example.com. Already invited in the last 24 hours, not mailed again: twice@example.com.",
    );
    expect(mailsTo("twice@example.com")).toHaveLength(1);
  });

  it(`sends one organiser at most ${INVITE_DAILY_CAP} invitations a day, and says so when reached`, async () => {
    fake.mails.length = 0;
    fake.resetPeak();
    const addresses = Array.from({ length: INVITE_DAILY_CAP + 2 }, (_, index) => `guest${index}@example.com`);
    for (let start = 0; start < addresses.length; start += INVITE_LIMIT) {
      const answer = await post(
        { intent: "invite", addresses: addresses.slice(start, start + INVITE_LIMIT).join(" ") },
        chiefCookie,
      );
      expect(answer.status).toBe(302);
      if (start + INVITE_LIMIT >= addresses.length) {
        expect(await flashOf(answer)).toBe(
          `Invited 0: nobody. The limit of ${INVITE_DAILY_CAP} invitations a day is reached, not invited: ` +
            `${addresses.slice(INVITE_DAILY_CAP).join(", ")}.`,
        );
      }
    }
    expect(fake.mails).toHaveLength(INVITE_DAILY_CAP);
    expect(fake.peak).toBeLessThanOrEqual(MAIL_BATCH);
    // The cap is the organiser's own: another organiser still invites.
    await post({ intent: "invite", addresses: "later@example.com" });
    expect(mailsTo("later@example.com")).toHaveLength(1);
  });
});
