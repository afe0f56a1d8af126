import { z } from "zod";
import { BackupRefused, type BackupTable } from "~/platform/lib/backup-file";

/**
 * What a restore takes from a backup's rows (issue 53, decision 028): only tables a backup holds,
 * each row with exactly its table's columns (as the database restored into has them at the
 * backup's schema), each value of its column's type, and no row twice. What a backup leaves out
 * (keys, live secrets, who is signed in where) is refused in a file of format 2 and left out of
 * an older one, which held it.
 */

/** A column as the database describes it (information_schema). */
export type Column = { name: string; type: string; nullable: boolean; serial: boolean };
export type TableShape = { columns: Column[]; primaryKey: string[] };

/** What a backup never holds: whole tables, columns of a table, rows of a table by a column's values. */
export type LeftOut = {
  tables: readonly string[];
  columns: Readonly<Record<string, readonly string[]>>;
  rows: Readonly<Record<string, { column: string; values: readonly string[] }>>;
};

const int = (bits: 16 | 32) =>
  z
    .number()
    .int()
    .min(-(2 ** (bits - 1)))
    .max(2 ** (bits - 1) - 1);
// As row_to_json writes them; PostgreSQL's own input functions parse them again on the way in.
const TIME = z.string().refine((value) => !Number.isNaN(Date.parse(value)), "Expected a time");
const VALUES: Record<string, z.ZodTypeAny> = {
  smallint: int(16),
  integer: int(32),
  bigint: z.number().int(),
  "double precision": z.number(),
  real: z.number(),
  text: z.string(),
  "character varying": z.string(),
  boolean: z.boolean(),
  "timestamp with time zone": TIME,
  "timestamp without time zone": TIME,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Expected a date"),
  jsonb: z.unknown(),
  json: z.unknown(),
  bytea: z.string().regex(/^\\x(?:[0-9a-f]{2})*$/i, "Expected bytes (\\x and hex)"),
};

function valueSchema(column: Column) {
  const type = VALUES[column.type];
  if (!type) throw new Error(`The restore does not know the column type ${column.type} (${column.name}).`);
  // A serial id is what the planner handed out: a positive number.
  const value = column.serial ? int(32).positive() : type;
  return column.nullable ? value.nullable() : value.refine((given) => given !== null, "Required");
}

function refuseRow(table: string, index: number, column: string, reason: string): never {
  throw new BackupRefused(
    `This backup's row ${index + 1} of ${table} does not fit the table (${column}: ${reason}).`,
  );
}

/** The rows of `tables` a restore loads, or a refusal naming the first one that does not fit. */
export function rowsToLoad(
  version: number,
  tables: readonly BackupTable[],
  shapes: ReadonlyMap<string, TableShape>,
  leftOut: LeftOut,
): BackupTable[] {
  const loaded: BackupTable[] = [];
  for (const table of tables) {
    if (leftOut.tables.includes(table.name)) {
      if (version >= 2)
        throw new BackupRefused(`This backup holds ${table.name}, which a backup never holds.`);
      continue;
    }
    const shape = shapes.get(table.name);
    if (!shape)
      throw new BackupRefused(`This backup holds a table this planner does not know (${table.name}).`);
    const omitted = version >= 2 ? (leftOut.columns[table.name] ?? []) : [];
    const columns = shape.columns.filter((column) => !omitted.includes(column.name));
    const schemas = new Map(columns.map((column) => [column.name, valueSchema(column)]));
    const leftRows = leftOut.rows[table.name];
    const seen = new Set<string>();
    const rows: string[] = [];
    table.rows.forEach((line, index) => {
      const row = readRow(line, table.name, index);
      for (const name of Object.keys(row)) {
        if (!schemas.has(name)) refuseRow(table.name, index, name, "not a column of this table");
      }
      for (const [name, schema] of schemas) {
        if (!(name in row)) refuseRow(table.name, index, name, "missing");
        const checked = schema.safeParse(row[name]);
        if (!checked.success)
          refuseRow(table.name, index, name, checked.error.issues[0]?.message ?? "invalid");
      }
      if (leftRows && leftRows.values.includes(String(row[leftRows.column]))) {
        if (version >= 2) {
          throw new BackupRefused(
            `This backup holds ${table.name} ${String(row[leftRows.column])}, which a backup never holds.`,
          );
        }
        return;
      }
      const key = shape.primaryKey.map((name) => `${name} ${JSON.stringify(row[name])}`).join(", ");
      if (shape.primaryKey.length > 0 && seen.has(key)) {
        throw new BackupRefused(`This backup holds a row of ${table.name} twice (${key}).`);
      }
      seen.add(key);
      rows.push(line);
    });
    loaded.push({ name: table.name, rows });
  }
  return loaded;
}

function readRow(line: string, table: string, index: number): Record<string, unknown> {
  let row: unknown;
  try {
    row = JSON.parse(line);
  } catch {
    throw new BackupRefused(`This backup is damaged (row ${index + 1} of ${table} is unreadable).`);
  }
  if (!row || typeof row !== "object" || Array.isArray(row)) {
    throw new BackupRefused(`This backup is damaged (row ${index + 1} of ${table} is not a row).`);
  }
  return row as Record<string, unknown>;
}
