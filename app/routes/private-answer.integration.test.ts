import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { PRIVATE_ANSWER_HIDDEN } from "~/features/survey/lib/private-answer";
import { emptySurvey } from "~/features/survey/lib/survey-fields";
import { createSession } from "~/platform/models/session.server";
import { saveSurvey } from "~/features/survey/models/survey.server";
import { createUser } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { callRoute, cookieFrom, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { createConfirmedOrganiser } from "../../tests/support/organiser";
import * as surveysApi from "~/routes/api.surveys.all";
import * as surveysCsv from "~/routes/organiser_.surveys[.]csv";
import * as summaryPage from "~/routes/results-summary";
import { parseSummaryCards } from "../../tests/support/summary-cards";

useFreshDatabase();
const adminEmails = process.env.ADMIN_EMAILS;

const ANSWERS = {
  "ana@example.com": "Ana would rather not see Bob",
  "cy@example.com": "Cy would rather not see Dee",
  "boss@example.com": "The organiser would rather not see Eve",
};
type Reader = { email: string; cookie: string; token: string };
const readers: Record<string, Reader> = {};

async function respondent(email: keyof typeof ANSWERS, { organiser = false } = {}) {
  const user = organiser
    ? await createConfirmedOrganiser({ email })
    : await createUser({ email, password: "secret1" });
  await saveSurvey(user!.id, {
    ...emptySurvey(),
    name: email.split("@")[0],
    attending: "yes",
    sgw24_attendee: "yes",
    sgw25_dont_wanna_see: ANSWERS[email],
  });
  readers[email] = {
    email,
    cookie: cookieFrom(await createUserSession(user!.id, "/")),
    token: (await createSession(user!.id)).token,
  };
}

beforeAll(async () => {
  // chief@ is listed too but has not confirmed the address: a plain member (see organiser-confirm).
  process.env.ADMIN_EMAILS = "boss@example.com, chief@example.com";
  resetEnvCache();
  await respondent("ana@example.com");
  await respondent("cy@example.com");
  await respondent("boss@example.com", { organiser: true });
  const chief = await createUser({ email: "chief@example.com", password: "secret1" });
  readers["chief@example.com"] = {
    email: "chief@example.com",
    cookie: cookieFrom(await createUserSession(chief!.id, "/")),
    token: (await createSession(chief!.id)).token,
  };
});

afterAll(() => {
  process.env.ADMIN_EMAILS = adminEmails;
  resetEnvCache();
});

const others = (email: string) => Object.entries(ANSWERS).filter(([author]) => author !== email);

async function summary(reader: Reader, q = "") {
  const response = await callRoute(
    summaryPage.loader as never,
    makeRequest(`/results-summary${q ? `?q=${encodeURIComponent(q)}` : ""}`, { cookie: reader.cookie }),
  );
  expect(response.status).toBe(200);
  const data = (await response.json()) as { cardsHtml: string };
  return { text: JSON.stringify(data), cards: parseSummaryCards(data.cardsHtml) };
}

async function allSurveys(reader: Reader) {
  const response = await callRoute(
    surveysApi.loader as never,
    makeRequest("/api/surveys/all", { bearer: reader.token }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Array<{ email: string; sgw25_dont_wanna_see: string }>;
}

describe("'people you don't want to see' reaches the organisers and its author only", () => {
  for (const email of ["ana@example.com", "chief@example.com"]) {
    it(`${email}, a member, reads no one else's answer on /results-summary, /api/surveys/all or the CSV`, async () => {
      const reader = readers[email];
      const page = await summary(reader);
      for (const [, answer] of others(email)) expect(page.text).not.toContain(answer);
      expect(page.cards.length).toBeGreaterThanOrEqual(3);
      for (const card of page.cards.filter((item) => item.email !== email)) {
        expect(card).toMatchObject({ dontWannaSee: PRIVATE_ANSWER_HIDDEN, dontWannaSeeHidden: true });
      }
      // The search matches names and e-mails only: it gives no answer away either.
      expect((await summary(reader, "rather not see")).cards).toEqual([]);

      const records = await allSurveys(reader);
      expect(records).toHaveLength(3);
      for (const record of records.filter((item) => item.email !== email)) {
        expect(record.sgw25_dont_wanna_see).toBe("");
      }
      const apiText = JSON.stringify(records);
      for (const [, answer] of others(email)) expect(apiText).not.toContain(answer);

      const csv = await callRoute(
        surveysCsv.loader as never,
        makeRequest("/organiser/surveys.csv", { cookie: reader.cookie }),
      );
      expect([302, 403]).toContain(csv.status);
      const csvText = await csv.text();
      for (const [, answer] of Object.entries(ANSWERS)) expect(csvText).not.toContain(answer);
    });
  }

  it("its author reads their own answer on the page and in the API", async () => {
    const ana = readers["ana@example.com"];
    const own = (await summary(ana)).cards.find((card) => card.email === ana.email)!;
    expect(own.dontWannaSee).toBe(ANSWERS["ana@example.com"]);
    expect(own.dontWannaSeeHidden).toBe(false);
    const record = (await allSurveys(ana)).find((item) => item.email === ana.email)!;
    expect(record.sgw25_dont_wanna_see).toBe(ANSWERS["ana@example.com"]);
  });

  it("a confirmed organiser reads every answer on the page, in the API and in the CSV", async () => {
    const boss = readers["boss@example.com"];
    const cards = (await summary(boss)).cards;
    const records = await allSurveys(boss);
    const csv = await callRoute(
      surveysCsv.loader as never,
      makeRequest("/organiser/surveys.csv", { cookie: boss.cookie }),
    );
    expect(csv.status).toBe(200);
    const rows = parse((await csv.text()).replace(/^\uFEFF/, ""), { columns: true }) as Array<
      Record<string, string>
    >;
    for (const [email, answer] of Object.entries(ANSWERS)) {
      expect(cards.find((card) => card.email === email)!.dontWannaSee).toBe(answer);
      expect(records.find((record) => record.email === email)!.sgw25_dont_wanna_see).toBe(answer);
      expect(rows.find((row) => row.Email === email)!["Does Not Want To See"]).toBe(answer);
    }
  });
});
