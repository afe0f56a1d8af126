import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { getSurveyDeadline, setSurveyDeadline } from "~/features/season/models/event-settings.server";
import { seedDemoData } from "~/seed.server";
import { createSession } from "~/platform/models/session.server";
import { getSurvey, getSurveyProgress } from "~/features/survey/models/survey.server";
import { getUserByEmail } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { callRoute, cookieFrom, expectRedirect, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { withFakeMail } from "../../tests/support/mail";
import * as apiSurvey from "~/routes/api.survey";
import { organiserAction, organiserLoader } from "../../tests/support/organiser-pages";
import * as housesCsv from "~/routes/organiser_.houses[.]csv";
import * as surveysCsv from "~/routes/organiser_.surveys[.]csv";
import * as backupDownload from "~/routes/organiser_.backup";
import { parseBackup } from "~/platform/lib/backup-file";
import * as surveyPage from "~/routes/survey.($section)";

const database = useFreshDatabase();
const adminEmails = process.env.ADMIN_EMAILS;
let organiserCookie: string;
let memberCookie: string;
let memberToken: string;

async function cookieFor(email: string) {
  const user = await getUserByEmail(email);
  return cookieFrom(await createUserSession(user!.id, "/"));
}

beforeAll(async () => {
  process.env.ADMIN_EMAILS = "organiser@example.com";
  resetEnvCache();
  await seedDemoData(database.db, { confirmOrganisers: true });
  organiserCookie = await cookieFor("organiser@example.com");
  memberCookie = await cookieFor("jordan@example.com");
  memberToken = (await createSession((await getUserByEmail("jordan@example.com"))!.id)).token;
});

afterAll(() => {
  process.env.ADMIN_EMAILS = adminEmails;
  resetEnvCache();
});

describe("/organiser access", () => {
  it("sends visitors to login and answers 403 to members who are not organisers", async () => {
    const anonymous = await callRoute(organiserLoader, makeRequest("/organiser"));
    expectRedirect(anonymous, "/auth?redirect=%2Forganiser");
    for (const route of [organiserLoader, surveysCsv.loader, housesCsv.loader, backupDownload.loader]) {
      expect((await callRoute(route, makeRequest("/organiser", { cookie: memberCookie }))).status).toBe(403);
    }
    const post = await callRoute(
      organiserAction,
      makeRequest("/organiser", { cookie: memberCookie, form: { intent: "clear-deadline" } }),
    );
    expect(post.status).toBe(403);
  });
});

describe("CSV downloads", () => {
  it("serve the survey table and the houses as private CSV attachments", async () => {
    const surveys = await callRoute(
      surveysCsv.loader,
      makeRequest("/organiser/surveys.csv", { cookie: organiserCookie }),
    );
    expect(surveys.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(surveys.headers.get("Content-Disposition")).toBe('attachment; filename="sgw25-surveys.csv"');
    expect(surveys.headers.get("Cache-Control")).toContain("no-store");
    const bytes = Buffer.from(await surveys.arrayBuffer());
    // UTF-8's byte-order mark first, so Excel shows accents and emoji as typed.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rows.map((row) => row.Email).sort()).toEqual(
      ["alex", "casey", "jordan", "riley", "sam"].map((name) => `${name}@example.com`),
    );
    const houses = await callRoute(
      housesCsv.loader,
      makeRequest("/organiser/houses.csv", { cookie: organiserCookie }),
    );
    const houseBytes = Buffer.from(await houses.arrayBuffer());
    expect([...houseBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const houseRows = parse(houseBytes, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(houseRows.find((row) => row.Title === "Lakeside Lodge")).toMatchObject({ Loves: "1", Likes: "1" });
  });
});

describe("Download a backup", () => {
  it("gives organisers every table as a private attachment; a made-up machine key is nobody's", async () => {
    const page = await callRoute(organiserLoader, makeRequest("/organiser", { cookie: organiserCookie }));
    expect(JSON.stringify(await page.json())).toContain("No backup yet: the server takes one every night");
    const backup = await callRoute(
      backupDownload.loader,
      makeRequest("/organiser/backup", { cookie: organiserCookie }),
    );
    expect(backup.status).toBe(200);
    expect(backup.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="sgw25-backup-.*\.jsonl"$/,
    );
    expect(backup.headers.get("Cache-Control")).toContain("no-store");
    const { tables } = parseBackup(await backup.text());
    expect(tables.find((table) => table.name === "users")?.rows).toHaveLength(6);
    const guessed = makeRequest("/organiser/backup?file=/tmp/x", { cookie: memberCookie });
    guessed.headers.set("Authorization", "Bearer not-the-key");
    // A bearer token is read as an /api session first: an unknown one is nobody, sent to log in.
    const refused = await callRoute(backupDownload.loader, guessed);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(/^\/auth/);
  });
});

describe("the deadline", () => {
  const setDeadline = (date: string, time: string) =>
    callRoute(
      organiserAction,
      makeRequest("/organiser", { cookie: organiserCookie, form: { intent: "set-deadline", date, time } }),
    );

  it("refuses a date that is not one, and stores one in the event's time zone", async () => {
    const bad = await setDeadline("2025-02-30", "12:00");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Enter the deadline as a date and a time." });
    const past = await setDeadline("2020-01-01", "12:00");
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({
      error: "That time has already passed. To close the survey at once, use “Close the survey now”.",
    });
    // The spec's weekend (2025) is over, so any deadline ahead is taken, for the next edition.
    const good = await setDeadline("2099-01-01", "12:00");
    expect(good.status).toBe(302);
    expect((await getSurveyDeadline())?.toISOString()).toBe("2099-01-01T17:00:00.000Z");
  });

  it("closes the survey at once with its own button", async () => {
    const before = Date.now();
    const closed = await callRoute(
      organiserAction,
      makeRequest("/organiser", { cookie: organiserCookie, form: { intent: "close-now" } }),
    );
    expect(closed.status).toBe(302);
    const deadline = (await getSurveyDeadline())!.getTime();
    expect(deadline).toBeGreaterThanOrEqual(before - 1000);
    expect(deadline).toBeLessThanOrEqual(Date.now());
  });

  it("after it, page posts and POST /api/survey are refused and nothing changes", async () => {
    await setSurveyDeadline(new Date("2020-01-01T17:00:00Z"));
    const message = "The survey closed on Wednesday, January 1, 2020 at 12:00 PM EST.";
    const user = await getUserByEmail("jordan@example.com");
    const before = await getSurveyProgress(user!.id);

    const page = await callRoute(
      surveyPage.action,
      makeRequest("/survey/1", { cookie: memberCookie, form: { name: "Changed", attending: "yes" } }),
      { section: "1" },
    );
    expect(page.status).toBe(403);
    expect(await page.json()).toEqual({ error: message });

    const api = await callRoute(
      apiSurvey.action,
      makeRequest("/api/survey", { bearer: memberToken, json: { name: "Changed", attending: "yes" } }),
    );
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: message });
    expect(await getSurveyProgress(user!.id)).toEqual(before);
    expect((await getSurvey(user!.id))?.name).toBe("Jordan");

    const loaded = await callRoute(surveyPage.loader, makeRequest("/survey/1", { cookie: memberCookie }), {
      section: "1",
    });
    expect(await loaded.json()).toMatchObject({ member: { deadline: { closed: true, message } } });
  });

  it("before it, the survey is open and says when it closes", async () => {
    await setSurveyDeadline(new Date(Date.now() + 60 * 60 * 1000));
    const page = await callRoute(
      surveyPage.action,
      makeRequest("/survey/1", { cookie: memberCookie, form: { name: "Jordan", attending: "maybe" } }),
      { section: "1" },
    );
    expect(page.status).toBe(302);
    await setSurveyDeadline(null);
  });
});

describe("reminders", () => {
  it("mail every member without a survey once, naming the deadline, then wait 24 hours", async () => {
    const { fake, restore } = await withFakeMail({ APP_URL: "https://sgw.example" });
    try {
      // Over https the session cookie is named __Host-sgw_session: sign in again under that name.
      const cookie = await cookieFor("organiser@example.com");
      const remind = () =>
        callRoute(
          organiserAction,
          makeRequest("/organiser", {
            cookie,
            origin: "https://sgw.example",
            form: { intent: "send-reminder" },
          }),
        );
      await setSurveyDeadline(null);
      expect(await (await remind()).json()).toMatchObject({
        error: "Set a survey deadline first: the reminder names it.",
      });
      await setSurveyDeadline(new Date("2099-07-01T22:00:00Z"));
      expect((await remind()).status).toBe(302);
      expect(fake.mails.map((mail) => mail.to)).toEqual(["organiser@example.com"]);
      expect(fake.mails[0].text).toContain("Wednesday, July 1, 2099 at 6:00 PM EDT");
      // The member's personal link (decision 018), which lands on their survey.
      expect(fake.mails[0].text).toMatch(/https:\/\/sgw\.example\/continue\/[\w-]{20,}/);
      const again = await remind();
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({
        error: "A reminder already went out in the last 24 hours.",
      });
      expect(fake.mails).toHaveLength(1);
    } finally {
      await setSurveyDeadline(null);
      restore();
    }
  });
});
