import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { previousHouseLabel, splitHouses } from "~/features/houses/lib/house-rules";
import { REMEMBERED_NOTE } from "~/features/survey/lib/survey-memory";
import { availabilityWindows } from "~/features/season/lib/weekends";
import { getSurveyDeadline, setSurveyDeadline } from "~/features/season/models/event-settings.server";
import {
  getWeekendCounts,
  listHeadcountRecords,
  listMemberSurveyStatus,
} from "~/features/results/models/plan.server";
import { getSurveyProgress } from "~/features/survey/models/survey.server";
import { seedDemoData } from "~/seed.server";
import { createSession } from "~/platform/models/session.server";
import { getUserByEmail } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { callRoute, cookieFrom, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import * as apiHouses from "~/routes/api.houses";
import * as apiResults from "~/routes/api.results";
import * as apiSurvey from "~/routes/api.survey";
import * as apiVotes from "~/routes/api.votes";
import * as apiVoteSummary from "~/routes/api.houses.votes.summary";
import * as housesPage from "~/routes/houses";
import * as nextEdition from "~/routes/organiser_.next-edition";
import { organiserAction } from "../../tests/support/organiser-pages";
import * as pastEvent from "~/routes/past-events_.$year";
import * as pastEvents from "~/routes/past-events";
import * as resultsPage from "~/routes/results";
import * as surveyPage from "~/routes/survey.($section)";

const database = useFreshDatabase();
const adminEmails = process.env.ADMIN_EMAILS;
const cookies: Record<string, string> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  // A day after SGW25's weekend: every 2026 weekend is ahead, so 2026 is the next edition with its
  // default weekend (issue 55: a roll-over offers only weekends ahead of today).
  vi.setSystemTime(new Date("2025-09-01T12:00:00Z"));
  process.env.ADMIN_EMAILS = "organiser@example.com";
  resetEnvCache();
  await seedDemoData(database.db, { confirmOrganisers: true });
  for (const name of ["organiser", "jordan", "alex", "sam"]) {
    const user = await getUserByEmail(`${name}@example.com`);
    cookies[name] = cookieFrom(await createUserSession(user!.id, "/"));
    tokens[name] = (await createSession(user!.id)).token;
  }
});

afterAll(() => {
  process.env.ADMIN_EMAILS = adminEmails;
  resetEnvCache();
});

const json = async (response: Response) => (await response.json()) as Record<string, unknown> & unknown[];
const get = (
  route: { loader: never },
  path: string,
  init: { cookie?: string; bearer?: string } = {},
  params = {},
) => callRoute(route.loader, makeRequest(path, init), params);

async function houseId(title: string) {
  const houses = (await json(
    await get(apiHouses as never, "/api/houses", { bearer: tokens.organiser }),
  )) as Array<{
    id: number;
    title: string;
  }>;
  return houses.find((house) => house.title === title)!.id;
}

async function organiserPost(form: Record<string, string>) {
  const response = await callRoute(
    organiserAction,
    makeRequest("/organiser", { cookie: cookies.organiser, form }),
  );
  expect(response.status).toBe(302);
}

async function confirmationPlan() {
  return json(await get(nextEdition as never, "/organiser/next-edition", { cookie: cookies.organiser }));
}

const startNext = (form: Record<string, string>) =>
  callRoute(nextEdition.action, makeRequest("/organiser/next-edition", { cookie: cookies.organiser, form }));

async function resultsNow() {
  return json(await get(resultsPage as never, "/results"));
}

async function pastPage(year: number) {
  return get(pastEvent as never, `/past-events/${year}`, {}, { year: String(year) });
}

describe("editions: 2025 → 2026 → 2027 through /organiser", () => {
  it("archives each edition with its frozen results and starts the next one", async () => {
    // 2025 as seeded, with a chosen house and a deadline.
    await organiserPost({ intent: "choose", houseId: String(await houseId("Lakeside Lodge")) });
    await setSurveyDeadline(new Date("2025-08-01T12:00:00Z"));
    const results2025 = await resultsNow();
    expect(results2025.respondents).toBe(4);
    // The member pages' cached look-ups, read now, must move on with the roll-over.
    const jordan = (await getUserByEmail("jordan@example.com"))!;
    const windows2025 = availabilityWindows(2025);
    expect((await getSurveyProgress(jordan.id)).submitted).toBe(true);
    expect((await listMemberSurveyStatus()).find((entry) => entry.id === jordan.id)?.submitted).toBe(true);
    expect((await listHeadcountRecords()).length).toBeGreaterThan(0);
    expect((await getWeekendCounts(windows2025)).respondents).toBeGreaterThan(0);

    // The confirmation page says what will happen; only members in ADMIN_EMAILS see it.
    const denied = await get(nextEdition as never, "/organiser/next-edition", { cookie: cookies.jordan });
    expect(denied.status).toBe(403);
    const plan = await confirmationPlan();
    expect(plan).toMatchObject({
      name: "SGW26",
      year: 2026,
      plannedWeekend: "Aug 20 - Aug 24",
      chosenHouse: "Lakeside Lodge",
      current: { name: "SGW25", year: 2025 },
    });
    expect(plan.windows).toEqual(availabilityWindows(2026));

    // Bad input is refused with what is wrong, and starts nothing.
    const refused = await startNext({
      fromId: String(plan.fromId),
      name: "",
      plannedWeekend: "Aug 21 - Aug 25",
    });
    expect(refused.status).toBe(400);
    expect((await json(refused)).fieldErrors).toEqual({
      name: "Enter a short name for the new edition.",
      plannedWeekend: "Choose one of the 2026 weekends.",
    });
    expect((await confirmationPlan()).year).toBe(2026);

    // A double click: both posts name 2025, exactly one roll-over happens.
    const form = { fromId: String(plan.fromId), name: "SGW26", plannedWeekend: "Aug 20 - Aug 24" };
    const [first, second] = await Promise.all([startNext(form), startNext(form)]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect((await confirmationPlan()).year).toBe(2027);
    const again = await startNext(form);
    expect(again.status).toBe(302);
    expect((await confirmationPlan()).year).toBe(2027);

    // The archived 2025 results are what /results showed when it closed.
    const archived2025 = await json(await pastPage(2025));
    expect(archived2025).toMatchObject({
      name: "SGW25",
      dates: "Thu Aug 21 - Mon Aug 25, 2025",
      respondents: 4,
      house: { title: "Lakeside Lodge" },
    });
    expect(archived2025.charts).toEqual(results2025.charts);
    expect(archived2025.attendanceHtml).toEqual(results2025.attendanceHtml);
    expect(archived2025.best).toEqual(results2025.best);
    expect(String(archived2025.attendanceHtml)).toContain("Jordan");

    // The new edition: no answers, no votes, no deadline; the new windows.
    expect(await json(await get(apiResults as never, "/api/results"))).toEqual([]);
    expect(await json(await get(apiSurvey as never, "/api/survey", { bearer: tokens.jordan }))).toEqual({});
    expect(await getSurveyDeadline()).toBeNull();
    expect(await getSurveyProgress(jordan.id)).toMatchObject({ submitted: false, remembered: true });
    expect((await listMemberSurveyStatus()).filter((entry) => entry.submitted)).toEqual([]);
    expect(await listHeadcountRecords()).toEqual([]);
    expect((await getWeekendCounts(windows2025)).respondents).toBe(0);
    const results2026 = await resultsNow();
    expect(results2026.respondents).toBe(0);
    const summary = await json(
      await get(apiVoteSummary as never, "/api/houses/votes/summary", { bearer: tokens.alex }),
    );
    for (const counts of Object.values(summary)) expect(counts).toEqual({ love: 0, like: 0, dislike: 0 });

    // Jordan's survey starts from the remembered answers only, and says so.
    const survey = await json(
      await get(surveyPage as never, "/survey/1", { cookie: cookies.jordan }, { section: "1" }),
    );
    const member = survey.member as {
      answers: Record<string, unknown>;
      remembered: boolean;
      submitted: boolean;
    };
    expect(member.remembered).toBe(true);
    expect(member.submitted).toBe(false);
    expect(member.answers).toMatchObject({
      name: "Jordan",
      attending: "",
      sgw_extension: "",
      countries: { usa: true, canada: true, mexico: true },
      sober: "no",
      share_room: "yes",
      extra_guests: { boo: false, child: false },
      sgw24_attendee: "",
      sgw24_concerns: "",
    });
    expect(Object.keys(member.answers.availability as object)).toEqual(availabilityWindows(2026));
    expect(Object.values(member.answers.availability as object)).not.toContain(true);
    expect(REMEMBERED_NOTE).toContain("nothing is submitted for you");

    // Houses: the chosen one is the 2025 house; the other candidates left play.
    const houses2026 = (await json(
      await get(apiHouses as never, "/api/houses", { bearer: tokens.jordan }),
    )) as Array<{
      title: string;
      in_play: boolean;
      previous_house: boolean;
      previous_house_year: number | null;
    }>;
    expect(houses2026.find((house) => house.title === "Lakeside Lodge")).toMatchObject({
      in_play: true,
      previous_house: true,
      previous_house_year: 2025,
    });
    expect(houses2026.filter((house) => !house.previous_house && house.in_play)).toEqual([]);

    // 2026: an old window is refused, a new one taken; a house brought back, voted on and chosen.
    const oldWindow = await callRoute(
      apiSurvey.action,
      makeRequest("/api/survey", {
        bearer: tokens.jordan,
        json: { attending: "yes", availability: { "Aug 21 - Aug 25": true } },
      }),
    );
    expect(oldWindow.status).toBe(400);
    for (const [name, attending] of [
      ["jordan", "yes"],
      ["alex", "maybe"],
    ] as const) {
      const saved = await callRoute(
        apiSurvey.action,
        makeRequest("/api/survey", {
          bearer: tokens[name],
          json: {
            name: name === "jordan" ? "Jordan" : "Alex",
            attending,
            availability: { "Aug 20 - Aug 24": true },
          },
        }),
      );
      expect(saved.status).toBe(200);
    }
    const casa = await houseId("Casa del Mar");
    await organiserPost({ intent: "in-play", houseId: String(casa) });
    const alex = await getUserByEmail("alex@example.com");
    const voted = await callRoute(
      apiVotes.action,
      makeRequest("/api/votes", {
        bearer: tokens.alex,
        json: { house_id: casa, user_id: alex!.id, vote: "love" },
      }),
    );
    expect(voted.status).toBe(200);
    expect((await json(voted)).counts).toEqual({ love: 1, like: 0, dislike: 0 });
    await organiserPost({ intent: "choose", houseId: String(casa) });
    const results2026Closing = await resultsNow();
    expect(results2026Closing.respondents).toBe(2);
    const records = (await json(await get(apiResults as never, "/api/results"))) as Array<{ name: string }>;
    expect(records.map((record) => record.name).sort()).toEqual(["Alex", "Jordan"]);

    // 2026 → 2027 with the suggested name.
    const plan2027 = await confirmationPlan();
    expect(plan2027).toMatchObject({ name: "SGW27", year: 2027, current: { name: "SGW26", year: 2026 } });
    const started = await startNext({
      fromId: String(plan2027.fromId),
      name: String(plan2027.name),
      plannedWeekend: String(plan2027.plannedWeekend),
    });
    expect(started.status).toBe(302);

    const archived2026 = await json(await pastPage(2026));
    expect(archived2026).toMatchObject({ name: "SGW26", respondents: 2, house: { title: "Casa del Mar" } });
    expect(archived2026.charts).toEqual(results2026Closing.charts);
    expect(String(archived2026.attendanceHtml)).toContain("Jordan");
    expect(String(archived2026.attendanceHtml)).not.toContain("Sam");
    // 2025's page did not move.
    expect((await json(await pastPage(2025))).charts).toEqual(results2025.charts);
    expect((await pastPage(2024)).status).toBe(404);
    expect((await pastPage(2027)).status).toBe(404);

    // /past-events lists the past editions newest first; /houses names the chosen houses by year.
    const past = await json(await get(pastEvents as never, "/past-events"));
    expect(
      (past.editions as Array<{ name: string; year: number; came: number }>).map((e) => [e.year, e.name]),
    ).toEqual([
      [2026, "SGW26"],
      [2025, "SGW25"],
    ]);
    const housesData = await json(await get(housesPage as never, "/houses", { cookie: cookies.sam }));
    const { oldHouses } = splitHouses(housesData.houses as never) as unknown as {
      oldHouses: Array<{ title: string; previous_house_year: number }>;
    };
    const labels = oldHouses.map(
      (house) => `${previousHouseLabel(house.previous_house_year)}: ${house.title}`,
    );
    expect(labels.slice(0, 2)).toEqual([
      "The 2026 SGW House: Casa del Mar",
      "The 2025 SGW House: Lakeside Lodge",
    ]);

    // 2027 serves its own (empty) edition everywhere.
    expect(await json(await get(apiResults as never, "/api/results"))).toEqual([]);
    expect(await json(await get(apiSurvey as never, "/api/survey", { bearer: tokens.alex }))).toEqual({});
    const alexSurvey = await json(
      await get(surveyPage as never, "/survey/1", { cookie: cookies.alex }, { section: "1" }),
    );
    expect((alexSurvey.member as { answers: { name: string; attending: string } }).answers).toMatchObject({
      name: "Alex",
      attending: "",
    });
  });
});
