import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearEventSettings, setSurveyDeadline } from "~/features/season/models/event-settings.server";
import { REMINDER_RETRIES } from "~/features/organiser/lib/reminders";
import { MAIL_BATCH } from "~/platform/services/mail.server";
import { createUser } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { ORIGIN, callRoute, cookieFrom, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { createConfirmedOrganiser } from "../../tests/support/organiser";
import { useFakeMail } from "../../tests/support/mail";
import { organiserAction, organiserLoader } from "../../tests/support/organiser-pages";

useFreshDatabase();
const fake = useFakeMail({ ADMIN_EMAILS: "boss@example.com", APP_URL: ORIGIN });
// More members than one batch of mails, none with a survey: every one gets the reminder.
const MEMBERS = Array.from({ length: 12 }, (_, index) => `member${index + 1}@example.com`);
const FAILING = "member5@example.com";
const EVERYONE = ["boss@example.com", ...MEMBERS];
let cookie: string;

beforeAll(async () => {
  const boss = await createConfirmedOrganiser({ email: "boss@example.com" });
  for (const email of MEMBERS) await createUser({ email, password: "secret1" });
  cookie = cookieFrom(await createUserSession(boss.id, "/"));
});

beforeEach(async () => {
  await clearEventSettings();
  await setSurveyDeadline(new Date("2099-07-01T22:00:00Z"));
  fake.mails.length = 0;
  fake.attempts.length = 0;
  fake.failing.clear();
  fake.resetPeak();
});

afterAll(() => clearEventSettings());

const post = (intent: string) =>
  callRoute(organiserAction, makeRequest("/organiser", { cookie, form: { intent } }));
const reminded = (to: string) => fake.mails.filter((mail) => mail.to === to).length;
const tried = (to: string) => fake.attempts.filter((mail) => mail.to === to).length;

describe("a reminder round with a failing address", () => {
  it("never mails anyone else twice, however often the organiser clicks, and retries a bounded number of times", async () => {
    fake.failing.add(FAILING);
    const statuses = [(await post("send-reminder")).status];
    for (let click = 0; click < 3; click++) {
      statuses.push((await post("send-reminder")).status, (await post("retry-reminder")).status);
    }
    for (const to of EVERYONE.filter((address) => address !== FAILING)) expect(reminded(to)).toBe(1);
    expect(tried(FAILING)).toBe(1 + REMINDER_RETRIES);
    expect(statuses).toEqual([302, 409, 302, 409, 302, 409, 302]);

    const refused = await post("retry-reminder");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: `The failed reminders were sent again ${REMINDER_RETRIES} times: they wait for the next round.`,
    });
    expect(tried(FAILING)).toBe(1 + REMINDER_RETRIES);
    const page = await (await callRoute(organiserLoader, makeRequest("/organiser", { cookie }))).json();
    expect(page.reminder).toMatchObject({ canSend: false, failed: { to: [FAILING], retriesLeft: 0 } });
    // Ten at a time, not the whole list at once.
    expect(fake.peak).toBeGreaterThan(1);
    expect(fake.peak).toBeLessThanOrEqual(MAIL_BATCH);
  });

  it("sends the failed mail again to that address alone, once, even on a double click", async () => {
    fake.failing.add(FAILING);
    expect((await post("send-reminder")).status).toBe(302);
    expect(fake.mails).toHaveLength(EVERYONE.length - 1);
    fake.failing.clear();
    const answers = await Promise.all([post("retry-reminder"), post("retry-reminder")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect(fake.mails.slice(EVERYONE.length - 1).map((mail) => mail.to)).toEqual([FAILING]);
    expect(await (await post("retry-reminder")).json()).toMatchObject({
      error: "No reminder of the last round failed: there is nothing to send again.",
    });
    for (const to of EVERYONE) expect(reminded(to)).toBe(1);
  });
});
