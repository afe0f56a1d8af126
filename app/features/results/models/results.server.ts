import { and, asc, eq, ilike, inArray, not, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { getDb, type Db } from "~/platform/db/client.server";
import { surveys, users } from "~/platform/db/schema";
import {
  addTallies,
  attendanceLists,
  isCounted,
  parseJsonObject,
  tallyResponses,
  type Attendance,
  type Tally,
} from "~/features/results/lib/results";
import { PRIVATE_ANSWER_FIELD, readsPrivateAnswer, type Reader } from "~/features/survey/lib/private-answer";
import { SURVEY_FIELDS } from "~/features/survey/lib/survey-fields";
import { getCurrentEdition, inCurrentEdition } from "~/features/season/index.server";
import { cachedByTables } from "~/platform/models/table-cache.server";

/** The answers the charts and the public result records are made of (no e-mail, sizes or free text). */
const CHART_COLUMNS = {
  attending: surveys.attending,
  availability: surveys.availability,
  sgw_extension: surveys.sgw_extension,
  countries: surveys.countries,
  previous_locale: surveys.previous_locale,
  sober: surveys.sober,
  extra_guests: surveys.extra_guests,
  share_room: surveys.share_room,
  fate_change: surveys.fate_change,
};

const COUNTED = ["yes", "maybe"];
/** Every query here reads the current edition's surveys. */
const current = inCurrentEdition(surveys.editionId);
const OBJECT_FIELDS = ["availability", "countries", "extra_guests", "shirt_size"] as const;

/** Rows whose maps are real JSON objects: these are counted in SQL, the rest in `lib/results`. */
const canonical = sql`(jsonb_typeof(${surveys.availability}) = 'object'
  and jsonb_typeof(${surveys.countries}) = 'object'
  and jsonb_typeof(${surveys.extra_guests}) = 'object')`;

// Each expression mirrors the matching rule in lib/results.ts (isTicked, isYes, isNo, extension values);
// results.integration.test.ts checks that both give the same numbers.
const ticked = (column: SQL) => sql`(${column} = 'true')`;
const yes = (column: AnyColumn) => sql`(lower(btrim(${column})) in ('yes', 'aye', 'true'))`;
const no = (column: AnyColumn) => sql`(lower(btrim(${column})) in ('no', 'nay', 'false'))`;
const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * The charts' counts for everyone who said yes or maybe. The well-formed rows are aggregated in one
 * SQL pass, so the cost stays flat as responses grow; only rows holding odd values (maps stored as
 * JSON strings) are read and counted in JS, with the same rules.
 */
export async function getResultsTally(windows: readonly string[], tx?: Db): Promise<Tally> {
  const db = tx ?? (await getDb());
  const availability = windows.map((label) => countWhere(ticked(sql`${surveys.availability} ->> ${label}`)));
  const [row] = await db
    .select({
      respondents: sql<number>`count(*)::int`,
      availability: sql<number[]>`array[${sql.join(availability, sql`, `)}]`,
      beginning: countWhere(sql`${surveys.sgw_extension} = 'beginning'`),
      end: countWhere(sql`${surveys.sgw_extension} = 'end'`),
      both: countWhere(sql`${surveys.sgw_extension} = 'both'`),
      noExtension: countWhere(sql`${surveys.sgw_extension} = 'no'`),
      usa: countWhere(ticked(sql`${surveys.countries} ->> 'usa'`)),
      canada: countWhere(ticked(sql`${surveys.countries} ->> 'canada'`)),
      mexico: countWhere(ticked(sql`${surveys.countries} ->> 'mexico'`)),
      previousLocale: countWhere(yes(surveys.previous_locale)),
      previousLocaleNo: countWhere(no(surveys.previous_locale)),
      sober: countWhere(yes(surveys.sober)),
      soberNo: countWhere(no(surveys.sober)),
      shareRoom: countWhere(yes(surveys.share_room)),
      shareRoomNo: countWhere(no(surveys.share_room)),
      fateChange: countWhere(yes(surveys.fate_change)),
      fateChangeNo: countWhere(no(surveys.fate_change)),
    })
    .from(surveys)
    .where(and(inArray(surveys.attending, COUNTED), canonical, current));
  const inSql: Tally = {
    respondents: row.respondents,
    availability: row.availability.map(Number),
    extension: { beginning: row.beginning, end: row.end, both: row.both, no: row.noExtension },
    countries: { usa: row.usa, canada: row.canada, mexico: row.mexico },
    previousLocale: { yes: row.previousLocale, no: row.previousLocaleNo },
    sober: { yes: row.sober, no: row.soberNo },
    shareRoom: { yes: row.shareRoom, no: row.shareRoomNo },
    fateChange: { yes: row.fateChange, no: row.fateChangeNo },
  };
  const odd = await db
    .select(CHART_COLUMNS)
    .from(surveys)
    .where(and(inArray(surveys.attending, COUNTED), not(canonical), current));
  return odd.length ? addTallies(inSql, tallyResponses(odd, undefined, windows)) : inSql;
}

/** Names under Yes / Maybe / Nope, alphabetical, each with its ' +N' (read with `tx` when given). */
export async function getAttendance(tx?: Db): Promise<Attendance> {
  const db = tx ?? (await getDb());
  const rows = await db
    .select({ name: surveys.name, attending: surveys.attending, extra_guests: surveys.extra_guests })
    .from(surveys)
    .where(and(inArray(surveys.attending, ["yes", "maybe", "no"]), current))
    .orderBy(asc(sql`lower(${surveys.name})`), asc(surveys.id));
  return attendanceLists(rows);
}

export type ResultsOverview = { windows: readonly string[]; tally: Tally; attendance: Attendance };

/** The current edition's chart counts and attendance list, recomputed only when the surveys changed. */
export function getResultsOverview(): Promise<ResultsOverview> {
  return cachedByTables("results-overview", ["surveys", "editions"], async () => {
    const { windows } = await getCurrentEdition();
    const [tally, attendance] = await Promise.all([getResultsTally(windows), getAttendance()]);
    return { windows, tally, attendance };
  });
}

/** Stored maps come back as objects, never as JSON strings (../shared/API.md). */
function withObjects<T extends Record<string, unknown>>(row: T): T {
  const copy: Record<string, unknown> = { ...row };
  for (const field of OBJECT_FIELDS) {
    if (field in copy) copy[field] = parseJsonObject(copy[field], field);
  }
  return copy as T;
}

/**
 * Guests come along only with someone who is coming: for anyone else the stored ticks stay (they
 * return if the member says yes again) but the records show none.
 */
function withGuestsOfAttendees<T extends { attending: string; extra_guests: unknown }>(row: T): T {
  if (isCounted(row.attending)) return row;
  return {
    ...row,
    extra_guests: { ...parseJsonObject(row.extra_guests, "extra_guests"), boo: false, child: false },
  };
}

/** The public result records: no e-mail, no shirt sizes, no free text. */
export async function listResultRecords() {
  const db = await getDb();
  const rows = await db
    .select({ id: surveys.id, name: surveys.name, ...CHART_COLUMNS })
    .from(surveys)
    .where(current)
    .orderBy(asc(surveys.id));
  return rows.map(withObjects).map(withGuestsOfAttendees);
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const fullColumns = {
  id: surveys.id,
  email: users.email,
  ...Object.fromEntries(SURVEY_FIELDS.map((field) => [field, surveys[field]])),
} as { id: typeof surveys.id; email: typeof users.email } & {
  [K in (typeof SURVEY_FIELDS)[number]]: (typeof surveys)[K];
};

/**
 * Every response with its member's e-mail (members only), optionally narrowed to names or e-mails
 * containing `search`, case-insensitively. 'People you don't want to see' is left empty in the
 * records the reader may not read (see lib/private-answer), so it never leaves the server for them.
 */
export async function listSurveyRecords(reader: Reader, search = "") {
  const db = await getDb();
  const needle = search.trim();
  const pattern = `%${escapeLike(needle)}%`;
  const rows = await db
    .select(fullColumns)
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.userId))
    .where(and(current, needle ? or(ilike(surveys.name, pattern), ilike(users.email, pattern)) : undefined))
    .orderBy(asc(sql`lower(${surveys.name})`), asc(surveys.id));
  return rows
    .map(withObjects)
    .map((record) =>
      readsPrivateAnswer(reader, record) ? record : { ...record, [PRIVATE_ANSWER_FIELD]: "" },
    );
}
