/**
 * A backup restored into an empty database of either kind (docs/decisions/028-backups.md): brought
 * to the backup's schema, every row checked against its table, loaded in one transaction, then this
 * build's later migrations applied. Whatever is refused leaves no row behind.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsJournal, scratchDatabase, type Connection, type Db } from "~/platform/db/client.server";
import {
  BackupRefused,
  parseBackup,
  type ParsedBackup,
  type SchemaVersion,
} from "~/platform/lib/backup-file";
import { rowsToLoad } from "~/platform/lib/backup-rows";
import {
  LEFT_OUT,
  SCHEMA_TABLES,
  appliedVersion,
  heldRows,
  holdsData,
  quoted,
  rowsOf,
  tableShapes,
  takeBackup,
} from "~/platform/models/backup.server";

/** A copy of this build's migrations up to `when`: a restore first brings the database to the backup's version. */
export function migrationsUpTo(when: number): { folder: string; remove: () => void } {
  const { folder, entries } = migrationsJournal();
  const copy = mkdtempSync(path.join(tmpdir(), "sgw-migrations-"));
  mkdirSync(path.join(copy, "meta"));
  const kept = entries.filter((entry) => entry.when <= when);
  for (const entry of kept)
    copyFileSync(path.join(folder, `${entry.tag}.sql`), path.join(copy, `${entry.tag}.sql`));
  writeFileSync(
    path.join(copy, "meta/_journal.json"),
    JSON.stringify({ version: "7", dialect: "postgresql", entries: kept }),
  );
  return { folder: copy, remove: () => rmSync(copy, { recursive: true, force: true }) };
}

export type RestoreResult = {
  schema: SchemaVersion;
  rows: number;
  tables: number;
  migrated: number;
  /** The addresses the backup makes organisers (once confirmed): `npm run restore` names them. */
  organisers: string[];
};

/**
 * Loads a backup into an empty database (a new one, or one whose only rows are those the planner's
 * own start writes), at whatever schema either is (issue 54). Refuses, changing nothing, a database
 * holding data, a backup from a newer build, and a row that does not fit its table.
 */
export async function restoreBackup(connection: Connection, text: string): Promise<RestoreResult> {
  const { header, tables } = parseBackup(text);
  const { db } = connection;
  const build = migrationsJournal().entries;
  if (
    header.schema.when > (build.at(-1)?.when ?? 0) ||
    !build.some((entry) => entry.when === header.schema.when)
  ) {
    throw new BackupRefused(
      `This backup is from a newer version of the planner (its schema is ${header.schema.migration}); ` +
        "update the planner, then restore it.",
    );
  }
  if (await holdsData(db)) throw notEmpty();
  const applied = await appliedVersion(db);
  if (applied && applied.when > header.schema.when) {
    // A new planner's first start already brought this database past the backup's schema (a
    // restore from /setup always meets one). The backup is brought up to this build in a scratch
    // database first, by the same migrations an upgrade runs, then loaded as a backup of today.
    const upgraded = await upgradeBackup(text);
    const restored = await restoreBackup(connection, upgraded.text);
    return { ...restored, schema: header.schema, migrated: upgraded.migrated };
  }
  if (!applied || applied.when < header.schema.when) {
    const upTo = migrationsUpTo(header.schema.when);
    try {
      await connection.migrate(upTo.folder);
    } finally {
      upTo.remove();
    }
  }
  // Checked against the tables as they are at the backup's schema, before anything is written.
  const shapes = await tableShapes(db);
  const load = rowsToLoad(header.version, tables, shapes, LEFT_OUT);
  let rows = 0;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      if (await holdsData(tx as unknown as Db)) throw notEmpty();
      await clearFirstStart(tx as unknown as Db, shapes);
      const order = new Map(SCHEMA_TABLES.map((name, index) => [name, index]));
      for (const table of [...load].sort((a, b) => order.get(a.name)! - order.get(b.name)!)) {
        if (table.rows.length === 0) continue;
        await tx.execute(
          sql`insert into ${quoted(table.name)} select * from json_populate_recordset(null::${quoted(table.name)}, ${`[${table.rows.join(",")}]`}::json)`,
        );
        rows += table.rows.length;
      }
      // Serial ids go on after the highest restored one.
      const serials = rowsOf<{ table_name: string; column_name: string }>(
        await tx.execute(sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')`),
      );
      for (const { table_name: table, column_name: column } of serials) {
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), coalesce(max(${quoted(column)}), 1), max(${quoted(column)}) is not null) from ${quoted(table)}`,
        );
      }
    })
    .catch((error: unknown) => {
      throw doesNotFit(error);
    });
  const before = (await appliedVersion(db))?.count ?? 0;
  await connection.migrate();
  const after = (await appliedVersion(db))?.count ?? 0;
  const organisers = load
    .filter((table) => table.name === "organisers")
    .flatMap((table) => table.rows.map((row) => String((JSON.parse(row) as { email: unknown }).email)));
  return { schema: header.schema, rows, tables: load.length, migrated: after - before, organisers };
}

/**
 * Checks a backup whole without touching the app's database: it is restored into a scratch
 * in-memory database, every row through the same checks and keys a real restore meets. Refused
 * (BackupRefused) as the restore would be; else what it holds.
 */
export async function checkBackup(text: string): Promise<ParsedBackup> {
  const parsed = parseBackup(text);
  await upgradeBackup(text);
  return parsed;
}

/** `text` restored into an in-memory database, migrated on to this build, and backed up again. */
async function upgradeBackup(text: string): Promise<{ text: string; migrated: number }> {
  const scratch = await scratchDatabase();
  try {
    const restored = await restoreBackup(scratch, text);
    return { text: await takeBackup(scratch.db, parseBackup(text).header.from), migrated: restored.migrated };
  } finally {
    await scratch.close();
  }
}

/**
 * The rows a first start writes (the first edition, a set-up link) give way to the backup's. The
 * database's own cookie secret stays: it is this planner's key, and the backup brings none.
 */
async function clearFirstStart(tx: Db, shapes: Map<string, unknown>) {
  for (const table of [...SCHEMA_TABLES].reverse().filter((name) => shapes.has(name))) {
    await tx.execute(sql`delete from ${quoted(table)} ${heldRows(table)}`);
  }
}

/**
 * A row the database itself refuses (a key naming no row, a check, a value its type cannot read):
 * one line saying so. Anything else (the database away) stays what it is.
 */
function doesNotFit(error: unknown) {
  if (error instanceof BackupRefused) return error;
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, message } = cause as { code?: unknown; message?: unknown };
  if (typeof code === "string" && /^2[23]/.test(code)) {
    return new BackupRefused(`This backup does not fit the database (${String(message).split("\n")[0]}).`);
  }
  return error;
}

function notEmpty() {
  return new BackupRefused(
    "This database is not empty (it holds members or houses): a restore goes only into a new, empty " +
      "database or PGLITE_DIR.",
  );
}
