import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { surveys } from "~/db/schema";

/**
 * Values derived from the `surveys` table (counts, name lists), computed once per change of the
 * data instead of once per request. A save on this instance clears the cache at once; a save on
 * another instance sharing the database is noticed by a cheap fingerprint query, asked at most once
 * per FRESH_MS, so no instance serves stale results for longer than that.
 */
const FRESH_MS = 1_000;

let generation = 0;
let check: { at: number; generation: number; fingerprint: Promise<string> } | undefined;
const entries = new Map<string, { fingerprint: string; value: Promise<unknown> }>();

/**
 * Changes with any write to `surveys`: every insert or update stamps the row with a new transaction
 * id (xmin), and deletes change the count. It reads no JSON, so it is far cheaper than the counts.
 */
async function readFingerprint(): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ value: sql<string>`count(*) || ':' || coalesce(sum(xmin::text::bigint), 0)` })
    .from(surveys);
  return row.value;
}

function fingerprint(): Promise<string> {
  const now = Date.now();
  if (!check || check.generation !== generation || now - check.at >= FRESH_MS) {
    const current = { at: now, generation, fingerprint: readFingerprint() };
    check = current;
    current.fingerprint.catch(() => {
      if (check === current) check = undefined;
    });
  }
  return check.fingerprint;
}

/** Call after this instance wrote to `surveys` (after the commit), so its next read is fresh. */
export function surveysChanged() {
  generation += 1;
  check = undefined;
}

/** `compute()`'s value, reused while the surveys stay the same; a failure is never cached. */
export async function cachedBySurveys<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const current = await fingerprint();
  const entry = entries.get(key);
  if (entry?.fingerprint === current) return entry.value as Promise<T>;
  const value = compute();
  entries.set(key, { fingerprint: current, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}
