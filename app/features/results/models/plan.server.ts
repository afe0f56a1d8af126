import { and, asc, desc, eq, inArray, isNull, not, sql } from "drizzle-orm";
import { getDb, type Db } from "~/platform/db/client.server";
import { houses, surveys, users } from "~/platform/db/schema";
import { columnsOf } from "~/platform/db/columns";
import type { WindowCounts } from "~/features/results/lib/best-weekends";
import type { ExpectedGroup } from "~/features/houses/lib/house-fit";
import { deriveResponse } from "~/features/results/lib/results";
import { inCurrentEdition } from "~/features/season/index.server";
import { cachedByTables } from "~/platform/models/table-cache.server";
import { memberName, memberSurveyColumns } from "~/platform/models/user.server";

const current = inCurrentEdition(surveys.editionId);

const canonical = sql`(jsonb_typeof(${surveys.availability}) = 'object' and jsonb_typeof(${surveys.extra_guests}) = 'object')`;
const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`(count(*) filter (where ${condition}))::int`;
const free = (label: string) => sql`(${surveys.availability} ->> ${label}) = 'true'`;
const guest = (name: string) => sql`(${surveys.extra_guests} ->> ${name}) = 'true'`;

/**
 * Per window, how many members attending yes and how many maybes are free, and how many yes+maybe
 * respondents there are. Well-formed rows are counted in SQL; the few with maps stored as JSON text
 * are read and counted with the same rules as the charts (lib/results).
 */
/** Attendees whose answers are stored in an older shape (JSON strings): derived in JS, not SQL. */
function oddAttendees(db: Db) {
  return db
    .select({
      attending: surveys.attending,
      availability: surveys.availability,
      extra_guests: surveys.extra_guests,
    })
    .from(surveys)
    .where(and(inArray(surveys.attending, ["yes", "maybe"]), not(canonical), current));
}

/**
 * Kept per set of windows until the surveys or the editions change: a roll-over (a new current
 * edition, its windows) reads afresh.
 */
export function getWeekendCounts(
  windows: readonly string[],
): Promise<{ counts: readonly WindowCounts[]; respondents: number }> {
  return cachedByTables(`weekend-counts:${windows.join("|")}`, ["surveys", "editions"], () =>
    countWeekends(windows),
  );
}

/** The same counts read afresh, with `tx` when given (the roll-over's freeze). */
export async function countWeekends(
  windows: readonly string[],
  tx?: Db,
): Promise<{ counts: WindowCounts[]; respondents: number }> {
  const db = tx ?? (await getDb());
  const perWindow = windows.flatMap((label) => [
    countWhere(sql`${surveys.attending} = 'yes' and ${free(label)}`),
    countWhere(sql`${surveys.attending} = 'maybe' and ${free(label)}`),
  ]);
  const [row] = await db
    .select({
      respondents: sql<number>`count(*)::int`,
      counts: sql<number[]>`array[${sql.join(perWindow, sql`, `)}]`,
    })
    .from(surveys)
    .where(and(inArray(surveys.attending, ["yes", "maybe"]), canonical, current));
  const numbers = row.counts.map(Number);
  const counts = windows.map((label, index) => ({
    label,
    yes: numbers[2 * index],
    maybe: numbers[2 * index + 1],
  }));
  const odd = await oddAttendees(db);
  for (const record of odd) {
    const response = deriveResponse(record);
    counts.forEach((entry) => {
      if (response.availability[entry.label]) entry[record.attending === "yes" ? "yes" : "maybe"] += 1;
    });
  }
  return { counts, respondents: row.respondents + odd.length };
}

/**
 * Members attending yes or maybe and the guests they bring: the group a house must fit. Counted once
 * per change of the surveys, not on every view of /houses.
 */
export function getExpectedGroup(): Promise<ExpectedGroup> {
  return cachedByTables("expected-group", ["surveys", "editions"], () => countExpectedGroup());
}

/** The same group counted afresh, with `tx` when given (the roll-over's freeze). */
export async function countExpectedGroup(tx?: Db): Promise<ExpectedGroup> {
  const db = tx ?? (await getDb());
  const guests = sql`(case when ${guest("boo")} then 1 else 0 end + case when ${guest("child")} then 1 else 0 end)`;
  const [row] = await db
    .select({
      yes: countWhere(sql`${surveys.attending} = 'yes'`),
      maybe: countWhere(sql`${surveys.attending} = 'maybe'`),
      yesGuests: sql<number>`coalesce(sum(${guests}) filter (where ${surveys.attending} = 'yes'), 0)::int`,
      maybeGuests: sql<number>`coalesce(sum(${guests}) filter (where ${surveys.attending} = 'maybe'), 0)::int`,
    })
    .from(surveys)
    .where(and(inArray(surveys.attending, ["yes", "maybe"]), canonical, current));
  const group = { yes: row.yes, maybe: row.maybe, yesGuests: row.yesGuests, maybeGuests: row.maybeGuests };
  const odd = await oddAttendees(db);
  for (const record of odd) {
    const response = deriveResponse(record);
    const brought = Number(response.plus_boo) + Number(response.plus_child);
    if (record.attending === "yes") {
      group.yes += 1;
      group.yesGuests += brought;
    } else {
      group.maybe += 1;
      group.maybeGuests += brought;
    }
  }
  return group;
}

export type MemberSurveyStatus = {
  id: number;
  email: string;
  name: string;
  submitted: boolean;
  attending: string;
  submittedAt: Date | null;
};

/** Every registered member and whether (and when) they submitted the survey, by e-mail. */
export function listMemberSurveyStatus(): Promise<readonly MemberSurveyStatus[]> {
  // The organiser page asks three times per view (its table, the reminders, the announcement).
  return cachedByTables("member-survey-status", ["users", "surveys", "editions"], readMemberSurveyStatus);
}

async function readMemberSurveyStatus(): Promise<MemberSurveyStatus[]> {
  const db = await getDb();
  const rows = await db
    .select({
      ...memberSurveyColumns,
      submittedAt: surveys.updatedAt,
    })
    .from(users)
    .leftJoin(surveys, and(eq(surveys.userId, users.id), current))
    // A former member is nobody to remind, invite or count (decision 025).
    .where(isNull(users.leftAt))
    .orderBy(asc(sql`lower(${users.email})`));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: memberName(row),
    submitted: row.submittedAt !== null,
    attending: row.attending ?? "",
    submittedAt: row.submittedAt,
  }));
}

/** The houses the organiser marked as previous SGW houses, newest year first (for /past-events). */
export async function listPreviousHouses() {
  const db = await getDb();
  return (
    db
      .select({
        id: houses.id,
        title: houses.title,
        city: houses.city,
        state: houses.state,
        country: houses.country,
        listing_img: houses.listing_img,
        year: houses.previous_house_year,
      })
      .from(houses)
      // The spec's old-houses rule: in play and a previous house.
      .where(and(eq(houses.previous_house, true), eq(houses.in_play, true)))
      .orderBy(sql`${houses.previous_house_year} desc nulls last`, desc(houses.id))
  );
}

/** What the headcount reads from each survey of a member attending yes or maybe. */
export function listHeadcountRecords() {
  return cachedByTables("headcount-records", ["surveys", "editions"], readHeadcountRecords);
}

async function readHeadcountRecords() {
  const db = await getDb();
  return db
    .select(columnsOf(surveys, "name", "attending", "extra_guests", "share_room", "sober", "shirt_size"))
    .from(surveys)
    .where(and(inArray(surveys.attending, ["yes", "maybe"]), current));
}
