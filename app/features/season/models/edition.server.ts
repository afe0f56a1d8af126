import { and, desc, eq, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable, SelectedFields } from "drizzle-orm/pg-core";
import { getDb, type Db } from "~/platform/db/client.server";
import { editions, editionSettings } from "~/platform/db/schema";
import { previousEditionName } from "~/features/season/lib/editions";
import { readStoredSettings } from "~/features/season/lib/event-settings-schema";
import { DEFAULT_EVENT_SETTINGS } from "~/features/season/lib/event-settings";
import type { EditionNames } from "~/features/survey/lib/survey-questions";
import { cachedByTables } from "~/platform/models/table-cache.server";
import { keepsState } from "~/platform/lib/module-state";

/**
 * The current edition's id, read by the statement that uses it: a query scoped with it can never
 * mix an edition that was just archived with the next one.
 */
export const CURRENT_EDITION: SQL = sql`(select ${editions.id} from ${editions} where ${editions.status} = 'current')`;

/** `column` belongs to the current edition. */
export const inCurrentEdition = (column: AnyColumn) => eq(column, CURRENT_EDITION);

/** A member's rows of a table in the current edition (their survey, draft, votes, claims, place). */
export const memberInCurrentEdition = (table: { userId: AnyColumn; editionId: AnyColumn }, userId: number) =>
  and(eq(table.userId, userId), inCurrentEdition(table.editionId));

/**
 * A write refused because the edition it was meant for has been archived since the member's page
 * (or the request) read it: its message names that edition and is meant for the member.
 */
export class EditionClosedError extends Error {
  constructor(edition: string) {
    super(
      `The ${edition} edition has just closed, so this was not saved. Reload the page to go on in the new edition.`,
    );
    this.name = "EditionClosedError";
  }
}

/**
 * Inside a member's write transaction: holds `edition` current until the commit (`for share`, so a
 * roll-over's `for update` waits for the write and then freezes it with the rest), or throws
 * EditionClosedError when it is current no longer. The write must then name `edition.id` itself.
 */
export async function holdEdition(tx: Db, edition: Pick<CurrentEdition, "id" | "names">): Promise<void> {
  const [row] = await tx
    .select({ id: editions.id })
    .from(editions)
    .where(and(eq(editions.id, edition.id), eq(editions.status, "current")))
    .for("share");
  if (!row) throw new EditionClosedError(edition.names.current);
}

/** The edition setting holding the event's facts (models/event-settings). */
export const EVENT_SETTINGS = "event_settings";

export type CurrentEdition = {
  id: number;
  year: number;
  windows: readonly string[];
  /** Its short name and the one before it, as the survey's questions and the pages name them. */
  names: EditionNames;
  /** The event's name, lower-case after "the" ("summer get-together"): the layout's logo and title. */
  eventName: string;
};

/**
 * The edition every page, /api route and CSV speaks of. Kept until the editions or their settings
 * change: the connection notes a roll-over like any write, and tells the other instances.
 */
export function getCurrentEdition(): Promise<CurrentEdition> {
  return cachedByTables("current-edition", ["editions", "edition_settings"], readCurrentEdition);
}

const FIRST_KNOWN = { shortName: "SGW25", year: 2025, name: DEFAULT_EVENT_SETTINGS.name };
let lastKnown = FIRST_KNOWN;
keepsState(() => (lastKnown = FIRST_KNOWN));

/**
 * The current edition's short name and year for the layout (navigation, logo, titles). While the
 * database is away and nothing is cached yet, the last ones known (the spec's SGW25 before any): the
 * page that says the database is away still has its header.
 */
export async function currentEditionName(): Promise<{ shortName: string; year: number; name: string }> {
  try {
    const edition = await getCurrentEdition();
    lastKnown = { shortName: edition.names.current, year: edition.year, name: edition.eventName };
  } catch {
    // Keep the last ones known; the page's own loader reports the outage.
  }
  return lastKnown;
}

async function readCurrentEdition(): Promise<CurrentEdition> {
  const db = await getDb();
  const [row] = await db
    .select({ id: editions.id, year: editions.year, windows: editions.windows, event: editionSettings.value })
    .from(editions)
    .leftJoin(
      editionSettings,
      and(eq(editionSettings.editionId, editions.id), eq(editionSettings.key, EVENT_SETTINGS)),
    )
    .where(eq(editions.status, "current"));
  if (!row) throw new Error("No current edition: the migrations have not run");
  const [before] = await db
    .select({ name: sql<string | null>`${editions.frozen} ->> 'name'` })
    .from(editions)
    .where(and(eq(editions.status, "archived"), lt(editions.year, row.year)))
    .orderBy(desc(editions.year))
    .limit(1);
  const stored = readStoredSettings({ ...parseJson(row.event), year: row.year });
  const current = stored.shortName;
  const previous = before?.name || previousEditionName(current, row.year);
  return {
    id: row.id,
    year: row.year,
    windows: row.windows,
    names: { current, previous },
    eventName: stored.name,
  };
}

function parseJson(value: string | null): Record<string, unknown> {
  try {
    const parsed: unknown = value ? JSON.parse(value) : {};
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Every setting of the current edition, read once per change of the settings or the edition. */
function currentEditionSettings(): Promise<ReadonlyMap<string, string>> {
  return cachedByTables("edition-settings", ["editions", "edition_settings"], async () => {
    const db = await getDb();
    const rows = await db
      .select({ key: editionSettings.key, value: editionSettings.value })
      .from(editionSettings)
      .where(inCurrentEdition(editionSettings.editionId));
    return new Map(rows.map((row) => [row.key, row.value]));
  });
}

/** A setting of the current edition, or undefined when it was never set. */
export async function getEditionSetting(key: string): Promise<string | undefined> {
  return (await currentEditionSettings()).get(key);
}

/** Stores (or replaces) a setting of the current edition. */
export async function setEditionSetting(key: string, value: string): Promise<void> {
  const db = await getDb();
  await db
    .insert(editionSettings)
    .values({ key, value })
    .onConflictDoUpdate({
      target: [editionSettings.editionId, editionSettings.key],
      set: { value, updatedAt: new Date() },
    });
}

/**
 * Stores `value` under `key` in the current edition when there is none yet or `allowedWhen` holds
 * for the stored row, in one statement (two clicks at once: one wins). True when this call stored it.
 */
export async function claimEditionSetting(key: string, value: string, allowedWhen: SQL): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .insert(editionSettings)
    .values({ key, value })
    .onConflictDoUpdate({
      target: [editionSettings.editionId, editionSettings.key],
      set: { value, updatedAt: new Date() },
      setWhere: allowedWhen,
    })
    .returning({ key: editionSettings.key });
  return rows.length === 1;
}

export type ArchivedEdition = {
  id: number;
  year: number;
  windows: string[];
  archivedAt: Date | null;
  frozen: Record<string, unknown>;
};

/** Every archived edition, newest first, with what was frozen when it closed. */
export function listArchivedEditions(): Promise<ArchivedEdition[]> {
  return cachedByTables("archived-editions", ["editions"], async () => {
    const db = await getDb();
    const rows = await db
      .select()
      .from(editions)
      .where(eq(editions.status, "archived"))
      .orderBy(desc(editions.year));
    return rows.map((row) => ({ ...row, frozen: row.frozen ?? {} }));
  });
}

export async function getArchivedEdition(year: number): Promise<ArchivedEdition | undefined> {
  return (await listArchivedEditions()).find((edition) => edition.year === year);
}

/**
 * `fields` of `table`'s rows with the year of the edition each belongs to, across every edition (a
 * member's own records for "Download my data"); `editionId` is `table`'s own edition column (a table
 * joined later is not there yet when editions is joined). Filter and order it as any select.
 */
export function selectWithEditionYear<Fields extends SelectedFields>(
  db: Db,
  table: PgTable,
  editionId: AnyColumn,
  fields: Fields,
) {
  return db
    .select({ edition: editions.year, ...fields })
    .from(table)
    .innerJoin(editions, eq(editions.id, editionId));
}
