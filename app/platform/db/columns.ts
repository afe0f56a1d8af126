import { getTableColumns, type Table } from "drizzle-orm";

/**
 * A table's columns by name, each under its own name, for a select:
 * `columnsOf(tripRides, "id", "status")` is `{ id: tripRides.id, status: tripRides.status }`.
 */
export function columnsOf<T extends Table, K extends keyof T["_"]["columns"] & string>(
  table: T,
  ...names: K[]
): Pick<T["_"]["columns"], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T["_"]["columns"], K>;
}
