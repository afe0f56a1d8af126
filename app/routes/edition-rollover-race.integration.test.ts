import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { users } from "~/platform/db/schema";
import { emptySurvey } from "~/features/survey/lib/survey-fields";
import { saveSurvey, saveSurveyDraft } from "~/features/survey/models/survey.server";
import { availabilityWindows } from "~/features/season/lib/weekends";
import { listHouses } from "~/features/houses/models/house.server";
import { VOTE_CHOICES } from "~/features/houses/lib/house-rules";
import { seedDemoData } from "~/seed.server";
import { getUserByEmail } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { callRoute, cookieFrom, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import * as housesPage from "~/routes/houses";
import * as nextEdition from "~/routes/organiser_.next-edition";
import * as pastEvent from "~/routes/past-events_.$year";
import * as surveyPage from "~/routes/survey.($section)";

// A race an attacker or a busy evening can set up: members keep saving while the organiser rolls over.
const database = useFreshDatabase();
const adminEmails = process.env.ADMIN_EMAILS;
const MEMBERS = 16;
const ROUNDS = 8;
const CLOSED = /^The SGW25 edition has just closed/;

type Member = { id: number; cookie: string };
let organiser = "";
let houseId = 0;
const members: Member[] = [];

const label = (member: number, round: number) =>
  `Racer ${String(member).padStart(2, "0")} v${String(round).padStart(2, "0")}`;
const roundOf = (name: string) => Number(/ v(\d\d)$/.exec(name)?.[1]);

beforeAll(async () => {
  // After SGW25's weekend, before 2026's: the roll-over to 2026 takes its default weekend (issue 55).
  vi.setSystemTime(new Date("2025-09-01T12:00:00Z"));
  process.env.ADMIN_EMAILS = "organiser@example.com";
  resetEnvCache();
  await seedDemoData(database.db, { confirmOrganisers: true });
  const user = await getUserByEmail("organiser@example.com");
  organiser = cookieFrom(await createUserSession(user!.id, "/"));
  houseId = (await listHouses())[0].id;
  // Sessions without passwords: sixteen password hashes would take most of the test's time.
  const accounts = await database.db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS }, (_, index) => ({
        email: `racer${index}@example.com`,
        passwordHash: "-",
      })),
    )
    .returning({ id: users.id });
  for (const [index, { id }] of accounts.entries()) {
    await saveSurvey(id, { ...emptySurvey(), name: label(index, 0), attending: "yes" });
    members.push({ id, cookie: cookieFrom(await createUserSession(id, "/")) });
  }
  // Test-only witness: at each commit, any survey, draft or vote row written into an edition that
  // is no longer current is noted (a deferred trigger runs at the writer's commit).
  for (const statement of [
    `create table late_writes (tbl text, edition_id int, user_id int)`,
    `create function note_late_write() returns trigger language plpgsql as $$ begin
       if (select status from editions where id = new.edition_id) <> 'current' then
         insert into late_writes values (tg_table_name, new.edition_id, new.user_id);
       end if;
       return null;
     end $$`,
    ...["surveys", "survey_drafts", "votes"].map(
      (table) => `create constraint trigger late_${table} after insert or update on ${table}
        deferrable initially deferred for each row execute function note_late_write()`,
    ),
  ])
    await database.db.execute(sql.raw(statement));
});

afterAll(() => {
  process.env.ADMIN_EMAILS = adminEmails;
  resetEnvCache();
});

/** Acknowledged (the redirect), refused with the closed edition's message, or a failure of the test. */
async function acknowledged(response: Response): Promise<boolean> {
  if (response.status === 302) return true;
  const body = (await response.json()) as { error?: string };
  expect({ status: response.status, error: body.error }).toMatchObject({ status: 409, error: CLOSED });
  return false;
}

// postgres.js answers with the rows, PGlite with { rows }.
async function rows<T>(query: string): Promise<T[]> {
  const result = (await database.db.execute(sql.raw(query))) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

describe("a roll-over while 16 members save survey sections and votes", () => {
  it(
    "keeps every acknowledged save in the edition the member sees it in, and no refused one",
    { timeout: 90_000 },
    async () => {
      const saves: boolean[][] = members.map(() => []);
      const votes: Array<Array<{ choice: string; acked: boolean }>> = members.map(() => []);
      let finished = 0;
      let rollover: Promise<Response> | undefined;
      const oneDone = () => {
        finished += 1;
        if (finished === MEMBERS * 2 && !rollover) {
          const form = { fromId: "1", name: "SGW26", plannedWeekend: "Aug 20 - Aug 24" };
          const request = makeRequest("/organiser/next-edition", { cookie: organiser, form });
          rollover = callRoute(nextEdition.action, request);
        }
      };
      await Promise.all(
        members.map(async ({ cookie }, index) => {
          for (let round = 1; round <= ROUNDS; round += 1) {
            const form = { name: label(index, round), attending: "yes", intent: "next" };
            const section = makeRequest("/survey/1", { cookie, form });
            saves[index].push(
              await acknowledged(await callRoute(surveyPage.action, section, { section: "1" })),
            );
            oneDone();
            const choice = VOTE_CHOICES[round % VOTE_CHOICES.length];
            const vote = makeRequest("/houses", {
              cookie,
              form: { intent: "vote", houseId: String(houseId), vote: choice },
            });
            votes[index].push({
              choice,
              acked: await acknowledged(await callRoute(housesPage.action, vote)),
            });
            oneDone();
          }
        }),
      );
      expect((await rollover!).status).toBe(302);
      console.log(
        "REFUSED",
        saves.flat().filter((x) => !x).length,
        votes.flat().filter((x) => !x.acked).length,
      );

      const editions = await rows<{ id: number; year: number; status: string }>(
        `select id, year, status from editions order by year`,
      );
      expect(editions.map(({ year, status }) => [year, status])).toEqual([
        [2025, "archived"],
        [2026, "current"],
      ]);
      const [closed, current] = editions.map((edition) => edition.id);

      const page = await callRoute(pastEvent.loader, makeRequest("/past-events/2025"), { year: "2025" });
      const { attendanceHtml } = (await page.json()) as { attendanceHtml: string };
      const archived = await rows<{ user_id: number; name: string }>(
        `select user_id, name from surveys where edition_id = ${closed}`,
      );
      const drafts = await rows<{ user_id: number; data: { answers: { name: string } } }>(
        `select user_id, data from survey_drafts where edition_id = ${current}`,
      );
      const voteRows = await rows<{ user_id: number; edition_id: number; vote: string }>(
        `select user_id, edition_id, vote from votes where house_id = ${houseId}`,
      );
      members.forEach(({ id }, index) => {
        const in2025 = archived.find((row) => row.user_id === id)!.name;
        // /past-events/2025 shows the member exactly as their last save into 2025 left them.
        expect(
          attendanceHtml.match(new RegExp(`Racer ${String(index).padStart(2, "0")} v\\d\\d`, "g")),
        ).toEqual([in2025]);
        const lastAcked = saves[index].lastIndexOf(true) + 1;
        const in2026 = drafts.find((row) => row.user_id === id)?.data.answers.name;
        const seen = in2026 ?? in2025;
        // What the member sees now (2026, else the archive) is their last acknowledged save; a refused
        // save is nowhere.
        expect({ member: index, seen: roundOf(seen) }).toEqual({ member: index, seen: lastAcked });
        expect(roundOf(in2025) === 0 || saves[index][roundOf(in2025) - 1]).toBe(true);

        const ackedVotes = votes[index].filter((vote) => vote.acked);
        const vote2026 = voteRows.find((row) => row.user_id === id && row.edition_id === current);
        const vote2025 = voteRows.find((row) => row.user_id === id && row.edition_id === closed);
        expect((vote2026 ?? vote2025)?.vote).toBe(ackedVotes.at(-1)?.choice);
      });
      // The race did span the roll-over: saves went on in 2026.
      expect(drafts.length).toBeGreaterThan(0);
      // And nothing was written into 2025 once it was archived.
      expect(await rows(`select * from late_writes`)).toEqual([]);
    },
  );

  it("refuses a save meant for the edition that closed, and writes nothing", async () => {
    const stale = {
      id: 1,
      year: 2025,
      windows: availabilityWindows(2025),
      names: { current: "SGW25", previous: "SGW24" },
      eventName: "summer get-together",
    };
    const { id } = members[0];
    const before = await rows(`select * from survey_drafts where user_id = ${id} order by edition_id`);
    const answers = { ...emptySurvey(), name: "Too late", attending: "yes" as const };
    await expect(saveSurveyDraft(id, answers, 2, stale)).rejects.toThrow(
      "The SGW25 edition has just closed, so this was not saved.",
    );
    await expect(saveSurvey(id, answers, stale)).rejects.toThrow(CLOSED);
    expect(await rows(`select * from survey_drafts where user_id = ${id} order by edition_id`)).toEqual(
      before,
    );
    expect(await rows(`select * from surveys where name = 'Too late'`)).toEqual([]);
  });
});
