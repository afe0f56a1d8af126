import { describe, expect, it } from "vitest";
import { surveys } from "~/platform/db/schema";
import { createSession } from "~/platform/models/session.server";
import { createUser } from "~/platform/models/user.server";
import { SECTION_FIELDS, SURVEY_FIELDS } from "~/features/survey/lib/survey-fields";
import { WINDOWS } from "~/features/season/lib/weekends";
import { callRoute, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { loader as apiResults } from "~/routes/api.results";
import { loader as apiSurveysAll } from "~/routes/api.surveys.all";
import { loader as resultsLoader } from "~/routes/results";
import { loader as summaryLoader } from "~/routes/results-summary";
import { parseSummaryCards } from "../../tests/support/summary-cards";

const database = useFreshDatabase();

const SECRETS = ["secret-shirt-4xl", "secret-concern", "secret-suggestion", "secret-dont-see"];

async function seedMember(email: string, name: string, attending: string) {
  const user = await createUser({ email, password: "secret1", name });
  await database.db.insert(surveys).values({
    userId: user!.id,
    name,
    attending,
    availability: { [WINDOWS[0]]: true },
    sgw_extension: "end",
    countries: { usa: true, canada: false, mexico: false },
    extra_guests: { boo: true, child: false },
    sober: "yes",
    shirt_size: { self: SECRETS[0], boo: "m", child: "" },
    sgw24_attendee: "yes",
    sgw24_concerns: SECRETS[1],
    sgw25_suggestions: SECRETS[2],
    sgw25_dont_wanna_see: SECRETS[3],
  });
  return user!;
}

describe("/api/results", () => {
  it("is public and leaks no e-mail, shirt size or free text", async () => {
    await seedMember("Leaky.Person@example.com", "Lee", "yes");
    await seedMember("maybe.person@example.com", "May", "maybe");
    const response = await callRoute(apiResults, makeRequest("/api/results"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Array<Record<string, unknown>>;
    expect(body).toHaveLength(2);
    // Left out: shirt sizes, last year's answer and the free text (the feedback section's).
    const hidden: string[] = ["shirt_size", "sgw24_attendee", ...SECTION_FIELDS[5]];
    expect(Object.keys(body[0]).sort()).toEqual(
      ["id", ...SURVEY_FIELDS.filter((field) => !hidden.includes(field))].sort(),
    );
    expect(body[0]).toMatchObject({
      name: "Lee",
      attending: "yes",
      countries: { usa: true, canada: false, mexico: false },
    });
    expect(typeof body[0].id).toBe("number");
    const text = JSON.stringify(body).toLowerCase();
    expect(text).not.toContain("@example.com");
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it("answers other methods with 405", async () => {
    const response = await callRoute(apiResults, makeRequest("/api/results", { method: "POST", json: {} }));
    expect(response.status).toBe(405);
  });
});

describe("/api/surveys/all", () => {
  it("requires a token", async () => {
    const none = await callRoute(apiSurveysAll, makeRequest("/api/surveys/all"));
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: "Authentication required" });
    const bad = await callRoute(apiSurveysAll, makeRequest("/api/surveys/all", { bearer: "not-a-token" }));
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: "Invalid or expired token" });
  });

  it("gives members every field with the e-mail, but 'people you don't want to see' only in their own", async () => {
    const member = await createUser({ email: "reader@example.com", password: "secret1" });
    const { token } = await createSession(member!.id);
    const response = await callRoute(apiSurveysAll, makeRequest("/api/surveys/all", { bearer: token }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Array<Record<string, unknown>>;
    expect(body.map((record) => record.email)).toEqual([
      "leaky.person@example.com",
      "maybe.person@example.com",
    ]);
    expect(body[0]).toMatchObject({
      name: "Lee",
      shirt_size: { self: SECRETS[0], boo: "m", child: "" },
      sgw24_concerns: SECRETS[1],
      // Meant for the organisers only (see private-answer.integration.test.ts).
      sgw25_dont_wanna_see: "",
    });
    expect(JSON.stringify(body)).not.toContain(SECRETS[3]);
    expect(Object.keys(body[0]).sort()).toEqual(["id", "email", ...SURVEY_FIELDS].sort());
  });
});

describe("/results loader", () => {
  it("renders the seven charts to SVG and lists attendance", async () => {
    await seedMember("nope@example.com", "Nia", "no");
    const response = await callRoute(resultsLoader, makeRequest("/results"));
    const data = (await response.json()) as {
      respondents: number;
      charts: Array<{
        title: string;
        svg: string;
        slices: Array<{ label: string; count: number; percent: string }>;
      }>;
      attendanceHtml: string;
    };
    expect(data.respondents).toBe(2);
    expect(data.charts).toHaveLength(7);
    for (const chart of data.charts) {
      expect(chart.svg).toContain("<svg");
      expect(chart.svg).toContain(`<title id="chart-`);
      expect(chart.svg).toContain(chart.title.replace("&", "&amp;"));
    }
    expect(data.charts[0].slices[0]).toEqual({ label: WINDOWS[0], count: 2, percent: "100.0" });
    expect(data.charts[0].svg).toContain('height="1270"');
    expect(data.charts[1].svg).toContain("2 (100.0%)");
    // Nia is not coming, so her ticked guest is neither listed nor counted.
    const column = (key: string) =>
      data.attendanceHtml.match(new RegExp(`data-column="${key}">.*?</div>`))?.[0] ?? "";
    expect(column("yes")).toContain('<li class="user-text">Lee +1</li>');
    expect(column("maybe")).toContain('<li class="user-text">May +1</li>');
    expect(column("no")).toContain('<li class="user-text">Nia</li>');
  });
});

describe("/results-summary loader", () => {
  it("gives a visitor no data", async () => {
    const response = await callRoute(summaryLoader, makeRequest("/results-summary?q=lee"));
    expect(await response.json()).toEqual({ member: false, q: "lee", count: 0, cardsHtml: "" });
  });

  it("gives a member the cards, narrowed by ?q= on name or e-mail", async () => {
    const member = await createUser({ email: "viewer@example.com", password: "secret1" });
    const { token } = await createSession(member!.id);
    const names = async (q: string) => {
      const response = await callRoute(
        summaryLoader,
        makeRequest(`/results-summary?q=${encodeURIComponent(q)}`, { bearer: token }),
      );
      const data = (await response.json()) as { member: boolean; count: number; cardsHtml: string };
      expect(data.member).toBe(true);
      const cards = parseSummaryCards(data.cardsHtml);
      expect(cards).toHaveLength(data.count);
      return cards.map((card) => card.name);
    };
    expect(await names("")).toEqual(["Lee", "May", "Nia"]);
    expect(await names("LEAKY")).toEqual(["Lee"]);
    expect(await names("may")).toEqual(["May"]);
    expect(await names("zzz")).toEqual([]);
  });
});
