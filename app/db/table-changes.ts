/**
 * The one place that knows when a table changed: the database connection sees every statement the
 * app sends, so it notes the tables each write touched (after it succeeded, or after its
 * transaction committed) and tells the caches; no model has to remember to. Other instances on the
 * same PostgreSQL database hear of it through LISTEN/NOTIFY. See docs/decisions/010-one-cache.md.
 */

/** The tables a statement writes, as Drizzle spells them: `insert into "t"`, `update "t"`, `delete from "t"`. */
export function tablesWrittenBy(query: string): string[] {
  const tables = new Set<string>();
  for (const match of query.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"(\w+)"/gi)) {
    tables.add(match[1]);
  }
  return [...tables];
}

/** Every table, for when changes may have been missed (a lost LISTEN connection). */
export const ALL_TABLES = "*";

/**
 * Per connection (one app instance): a version per table, bumped when the table changes. A value
 * computed from tables is current while their versions are the ones it was computed at.
 */
export class TableChanges {
  private versions = new Map<string, number>();
  private everything = 0;

  /** The versions of `tables` now, as one comparable string. */
  stamp(tables: readonly string[]): string {
    return [this.everything, ...tables.map((table) => this.versions.get(table) ?? 0)].join(":");
  }

  /** Marks `tables` changed (ALL_TABLES: every one) and tells the listeners. */
  changed(tables: readonly string[]) {
    if (tables.length === 0) return;
    if (tables.includes(ALL_TABLES)) this.everything += 1;
    else for (const table of tables) this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
    for (const listener of listeners) listener(tables);
  }
}

const listeners = new Set<(tables: readonly string[]) => void>();

/** `listener` runs after every change a connection of this process sees (the page cache drops its pages). */
export function onTablesChanged(listener: (tables: readonly string[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
