/**
 * A row in every table a database has at its own schema, whatever schema that is: the upgrade test
 * (app/platform/services/upgrade-{older,newer}.integration.test.ts) fills a database of each older release this
 * way, so a table added by a later migration needs no line here. The values come from each column's
 * type, its check constraint (the first value an `in (…)` or `between` allows) and its foreign key
 * (the parent's row, loaded first).
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { loadOrder } from "~/platform/lib/backup-file";
import { quoted, rowsOf } from "~/platform/models/backup.server";

type ColumnInfo = {
  table_name: string;
  column_name: string;
  data_type: string;
  nullable: boolean;
  defaulted: boolean;
};

// Far ahead: no start's tidying (expired sessions, spent codes) takes the row away.
const LATER = "2099-01-01T00:00:00Z";

function byType(type: string, table: string, column: string): unknown {
  if (/int|double|real|numeric/.test(type)) return 1;
  if (type === "boolean") return false;
  if (type.startsWith("timestamp")) return LATER;
  if (type === "date") return "2099-01-01";
  if (type === "jsonb" || type === "json") return {};
  if (type === "bytea") return Buffer.from([1, 2, 3]);
  if (/email|address/.test(column)) return `${table}@example.com`;
  if (column === "currency") return "EUR";
  return `${table} ${column}`;
}

/** The first value a check constraint on `column` allows, if it names one. */
function allowedByCheck(checks: string[], column: string): unknown {
  for (const check of checks) {
    const name = `"?${column}"?`;
    const listed = new RegExp(
      `${name}\\s*(?:=\\s*ANY\\s*\\(\\s*(?:ARRAY)?\\s*\\[|in\\s*\\()\\s*'([^']*)'`,
      "i",
    ).exec(check);
    if (listed) return listed[1];
    const number = new RegExp(
      `${name}\\s*(?:=\\s*ANY\\s*\\(\\s*(?:ARRAY)?\\s*\\[|in\\s*\\(|between\\s+|>=\\s*)\\(?(\\d+)`,
      "i",
    ).exec(check);
    if (number) return Math.max(1, Number(number[1]));
  }
  return undefined;
}

/** Inserts one row into every empty table of `db`'s public schema; returns the tables filled. */
export async function fillEveryTable(db: Db): Promise<string[]> {
  const columns = rowsOf<ColumnInfo>(
    await db.execute(sql`select c.table_name, c.column_name, c.data_type, c.is_nullable = 'YES' as nullable,
        c.column_default is not null or c.is_identity = 'YES' as defaulted
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`),
  );
  const constraints = rowsOf<{
    table_name: string;
    kind: string;
    parent: string | null;
    columns: string[];
    parent_columns: string[] | null;
    definition: string;
  }>(
    await db.execute(sql`select c.conrelid::regclass::text as table_name, c.contype::text as kind,
        c.confrelid::regclass::text as parent,
        array(select a.attname::text from unnest(c.conkey) k join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k) as columns,
        array(select a.attname::text from unnest(c.confkey) k join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k) as parent_columns,
        pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = 'public' and c.contype in ('f', 'c')`),
  );
  const unquote = (name: string | null) => (name ?? "").replace(/^"|"$/g, "");
  const tables = [...new Set(columns.map((column) => column.table_name))];
  const keys = constraints.filter((constraint) => constraint.kind === "f");
  const order = loadOrder(
    tables.map((name) => ({
      name,
      references: keys.filter((key) => unquote(key.table_name) === name).map((key) => unquote(key.parent)),
    })),
  );
  // Which tables already hold a row (the migrations' own), in one statement.
  const held = new Set(
    rowsOf<{ name: string }>(
      await db.execute(
        sql.raw(
          tables
            .map((table) => `select '${table}' as name where exists (select from "${table}")`)
            .join(" union all "),
        ),
      ),
    ).map((row) => row.name),
  );
  const filled: string[] = [];
  for (const table of order) {
    if (held.has(table)) continue;
    const checks = constraints
      .filter((constraint) => constraint.kind === "c" && unquote(constraint.table_name) === table)
      .map((constraint) => constraint.definition);
    const values = new Map<string, unknown>();
    for (const column of columns.filter((candidate) => candidate.table_name === table)) {
      if (column.defaulted) continue;
      const key = keys.find(
        (candidate) =>
          unquote(candidate.table_name) === table && candidate.columns.includes(column.column_name),
      );
      if (key) {
        const parent = unquote(key.parent);
        // A table's key to itself stays empty: its one row has no other to point at.
        if (parent === table) continue;
        const parentColumn = key.parent_columns![key.columns.indexOf(column.column_name)]!;
        const [row] = rowsOf<{ value: unknown }>(
          await db.execute(sql`select ${quoted(parentColumn)} as value from ${quoted(parent)} limit 1`),
        );
        values.set(column.column_name, row?.value);
        continue;
      }
      values.set(
        column.column_name,
        allowedByCheck(checks, column.column_name) ?? byType(column.data_type, table, column.column_name),
      );
    }
    const names = [...values.keys()];
    if (names.length === 0) {
      await db.execute(sql`insert into ${quoted(table)} default values`);
      filled.push(table);
      continue;
    }
    const json = JSON.stringify(
      Object.fromEntries(
        [...values].map(([name, value]) => [
          name,
          Buffer.isBuffer(value) ? `\\x${value.toString("hex")}` : value,
        ]),
      ),
    );
    await db.execute(
      sql`insert into ${quoted(table)} (${sql.join(names.map(quoted), sql`, `)})
        select ${sql.join(names.map(quoted), sql`, `)} from json_populate_record(null::${quoted(table)}, ${json}::json)`,
    );
    filled.push(table);
  }
  return filled;
}
