import { getTableChanges } from "~/platform/db/client.server";

/**
 * Values derived from a few tables (result counts, name lists, the house list and its vote counts,
 * the rendered results page), computed once per change of those tables instead of once per request.
 * The database connection notes every write (this instance's at once, another instance's through
 * LISTEN/NOTIFY, app/platform/db/table-changes.ts), so a model that writes has nothing to remember.
 */
type Entry = { stamp: string; value: Promise<unknown> };
const stores = new WeakMap<object, Map<string, Entry>>();

/** `compute()`'s value, reused while `tables` stay unchanged; a failure is never kept. */
export async function cachedByTables<T>(
  key: string,
  tables: readonly string[],
  compute: () => Promise<T>,
): Promise<T> {
  const changes = await getTableChanges();
  let store = stores.get(changes);
  if (!store) stores.set(changes, (store = new Map()));
  // Taken before computing: a write meanwhile changes the stamp, so the next read computes again.
  const stamp = changes.stamp(tables);
  const entry = store.get(key);
  if (entry?.stamp === stamp) return entry.value as Promise<T>;
  const value = compute();
  const kept = { stamp, value };
  store.set(key, kept);
  value.catch(() => {
    if (store.get(key) === kept) store.delete(key);
  });
  return value;
}
