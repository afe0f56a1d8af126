import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";
import { houses, surveys, votes } from "~/db/schema";

/**
 * Values derived from a few tables (result counts, name lists, the house list and its vote counts),
 * computed once per change of those tables instead of once per request. A write on this instance
 * clears the cache at once (the model that writes calls `tablesChanged`); a write by another
 * instance sharing the database is noticed by a cheap fingerprint query, asked at most once per
 * FRESH_MS per table, so no instance serves stale values for longer than that.
 */
const FRESH_MS = 1_000;

const WATCHED = { surveys, houses, votes } satisfies Record<string, PgTable>;
export type WatchedTable = keyof typeof WATCHED;

type Check = { at: number; fingerprint: Promise<string> };
const checks = new Map<WatchedTable, Check>();
const entries = new Map<string, { fingerprint: string; value: Promise<unknown> }>();

/**
 * Changes with any write to the table: every insert or update stamps the row with a new
 * transaction id (xmin), and deletes change the count. It reads no row data.
 */
async function readFingerprint(table: WatchedTable): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ value: sql<string>`count(*) || ':' || coalesce(sum(xmin::text::bigint), 0)` })
    .from(WATCHED[table]);
  return row.value;
}

function fingerprint(table: WatchedTable): Promise<string> {
  const now = Date.now();
  const known = checks.get(table);
  if (known && now - known.at < FRESH_MS) return known.fingerprint;
  const check = { at: now, fingerprint: readFingerprint(table) };
  checks.set(table, check);
  check.fingerprint.catch(() => {
    if (checks.get(table) === check) checks.delete(table);
  });
  return check.fingerprint;
}

const writeListeners = new Set<() => void>();

/** `listener` runs after every write this instance makes (the page cache drops its pages). */
export function onLocalWrite(listener: () => void) {
  writeListeners.add(listener);
}

/**
 * Call after this instance wrote (after the commit), so its next read is fresh. Writes to tables
 * not watched here (settings) call it with none, for the listeners.
 */
export function tablesChanged(...tables: WatchedTable[]) {
  for (const table of tables) checks.delete(table);
  for (const listener of writeListeners) listener();
}

/** `compute()`'s value, reused while `tables` stay the same; a failure is never cached. */
export async function cachedByTables<T>(
  key: string,
  tables: WatchedTable[],
  compute: () => Promise<T>,
): Promise<T> {
  const current = (await Promise.all(tables.map(fingerprint))).join("/");
  const entry = entries.get(key);
  if (entry?.fingerprint === current) return entry.value as Promise<T>;
  const value = compute();
  entries.set(key, { fingerprint: current, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}
