/**
 * The one place that knows when a table changed: the database connection sees every statement the
 * app sends, so it notes the tables each write touched (after it succeeded, or after its
 * transaction committed) and tells the caches; no model has to remember to. Other instances on the
 * same PostgreSQL database hear of it through LISTEN/NOTIFY. See docs/decisions/010-one-cache.md.
 */
import { is } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import * as schema from "~/platform/db/schema";

/**
 * Each table with the tables a delete from it also writes through foreign keys: ON DELETE CASCADE
 * (followed on, as the deleted rows' own children go too) and SET NULL / SET DEFAULT (one step).
 * Deleting an account takes its votes and survey, deleting a house its votes, though neither
 * statement names those tables.
 */
export const DELETE_REACH: ReadonlyMap<string, readonly string[]> = (() => {
  const children = new Map<string, Array<{ table: string; cascade: boolean }>>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const { name, foreignKeys } = getTableConfig(value);
    for (const key of foreignKeys) {
      if (!key.onDelete || key.onDelete === "no action" || key.onDelete === "restrict") continue;
      const parent = getTableConfig(key.reference().foreignTable).name;
      const list = children.get(parent) ?? [];
      list.push({ table: name, cascade: key.onDelete === "cascade" });
      children.set(parent, list);
    }
  }
  const reach = new Map<string, string[]>();
  for (const parent of children.keys()) {
    const found = new Set<string>();
    const visit = (table: string) => {
      for (const child of children.get(table) ?? []) {
        if (found.has(child.table)) continue;
        found.add(child.table);
        if (child.cascade) visit(child.table);
      }
    };
    visit(parent);
    found.delete(parent);
    reach.set(parent, [...found].sort());
  }
  return reach;
})();

/**
 * The tables a statement writes, as Drizzle spells them: `insert into "t"`, `update "t"`,
 * `delete from "t"`, and for a delete the tables its foreign keys reach (DELETE_REACH).
 */
export function tablesWrittenBy(query: string): string[] {
  const tables = new Set<string>();
  for (const match of query.matchAll(/\b(insert\s+into|update|delete\s+from)\s+"(\w+)"/gi)) {
    tables.add(match[2]);
    if (/^delete/i.test(match[1])) for (const table of DELETE_REACH.get(match[2]) ?? []) tables.add(table);
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
