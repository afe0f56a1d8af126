/**
 * A backup is every table of the app's schema as JSON lines, read in one read-only REPEATABLE READ
 * transaction (one snapshot while the app keeps writing), and restored in one transaction into an
 * empty database of either kind (docs/decisions/028-backups.md). The tables come from the Drizzle
 * schema, so a new table is backed up without being named here.
 */
import { mkdtempSync, copyFileSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, desc, is, isNotNull, sql } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import { migrationsJournal, type Connection, type Db } from "~/platform/db/client.server";
import * as schema from "~/platform/db/schema";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupRefused,
  headerLine,
  loadOrder,
  parseBackup,
  type SchemaVersion,
} from "~/platform/lib/backup-file";

/** The app's tables, each after those it references. */
export const BACKUP_TABLES: readonly string[] = loadOrder(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const { name, foreignKeys } = getTableConfig(table);
      return {
        name,
        references: foreignKeys.map((key) => getTableConfig(key.reference().foreignTable).name),
      };
    }),
);

type Rows<T> = T[] | { rows: T[] };
/** postgres.js answers a raw query with the rows, PGlite with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  const value = result as Rows<T>;
  return Array.isArray(value) ? value : value.rows;
}

const quoted = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** The last migration applied to this database, or undefined on a database never migrated. */
export async function appliedVersion(db: Db): Promise<SchemaVersion | undefined> {
  const [exists] = rowsOf<{ found: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`),
  );
  if (!exists?.found) return undefined;
  const applied = rowsOf<{ created_at: string | number }>(
    await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at`),
  );
  const last = applied.at(-1);
  if (!last) return undefined;
  const when = Number(last.created_at);
  const entry = migrationsJournal().entries.find((candidate) => candidate.when === when);
  return { migration: entry?.tag ?? `unknown (${when})`, when, count: applied.length };
}

/** The migrations of this build the database has not applied yet. */
export async function pendingMigrations(db: Db) {
  const applied = await appliedVersion(db);
  return migrationsJournal().entries.filter((entry) => entry.when > (applied?.when ?? 0));
}

/** Holds data a restore must not overwrite: a member or a house (what every other record hangs on). */
export async function holdsData(db: Db): Promise<boolean> {
  if (!(await appliedVersion(db))) return false;
  const [members] = await db.select({ n: count() }).from(schema.users);
  const [houses] = await db.select({ n: count() }).from(schema.houses);
  return members!.n + houses!.n > 0;
}

/** The whole backup as text, from one snapshot. */
export async function takeBackup(db: Db, from: "postgres" | "pglite"): Promise<string> {
  return db.transaction(
    async (tx) => {
      // A large table must not meet the app's 4 s statement timeout (decision 006).
      await tx.execute(sql`set local statement_timeout = 0`);
      const version = await appliedVersion(tx as unknown as Db);
      if (!version)
        throw new BackupRefused("This database has never been migrated: there is nothing to back up.");
      const lines = [
        headerLine({
          format: BACKUP_FORMAT,
          version: BACKUP_FORMAT_VERSION,
          schema: version,
          takenAt: new Date().toISOString(),
          from,
        }),
      ];
      for (const table of BACKUP_TABLES) {
        const rows = rowsOf<{ line: string }>(
          await tx.execute(sql`select row_to_json(t)::text as line from ${quoted(table)} t`),
        );
        lines.push(JSON.stringify({ table, rows: rows.length }), ...rows.map((row) => row.line));
      }
      lines.push(JSON.stringify({ end: true, tables: BACKUP_TABLES.length }));
      return lines.join("\n") + "\n";
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** A copy of this build's migrations up to `when`: a restore first brings the database to the backup's version. */
function migrationsUpTo(when: number): { folder: string; remove: () => void } {
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

export type RestoreResult = { schema: SchemaVersion; rows: number; tables: number; migrated: number };

/**
 * Loads a backup into an empty database (a new one, or one whose only rows are those the planner's
 * own start writes): brings it to the backup's schema, loads every table in one transaction, then
 * applies this build's later migrations. Refuses, changing nothing, a database holding data, a
 * backup from a newer build, or a database already past the backup's schema.
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
    throw new BackupRefused(
      `This database is already at a newer schema (${applied.migration}) than the backup ` +
        `(${header.schema.migration}): restore into a new, empty database or PGLITE_DIR.`,
    );
  }
  if (!applied || applied.when < header.schema.when) {
    const upTo = migrationsUpTo(header.schema.when);
    try {
      await connection.migrate(upTo.folder);
    } finally {
      upTo.remove();
    }
  }
  const known = new Set(BACKUP_TABLES);
  const unknown = tables.find((table) => !known.has(table.name));
  if (unknown)
    throw new BackupRefused(`This backup holds a table this planner does not know (${unknown.name}).`);
  let rows = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    if (await holdsData(tx as unknown as Db)) throw notEmpty();
    // The rows a first start writes (the first edition, a set-up link, a session secret) give way.
    for (const table of [...BACKUP_TABLES].reverse()) await tx.execute(sql`delete from ${quoted(table)}`);
    const order = new Map(BACKUP_TABLES.map((name, index) => [name, index]));
    for (const table of [...tables].sort((a, b) => order.get(a.name)! - order.get(b.name)!)) {
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
  });
  const before = (await appliedVersion(db))?.count ?? 0;
  await connection.migrate();
  const after = (await appliedVersion(db))?.count ?? 0;
  return { schema: header.schema, rows, tables: tables.length, migrated: after - before };
}

function notEmpty() {
  return new BackupRefused(
    "This database is not empty (it holds members or houses): a restore goes only into a new, empty " +
      "database or PGLITE_DIR. Nothing was changed.",
  );
}

/** Notes a backup file the app wrote, for the organiser's overview. */
export async function recordBackup(
  db: Db,
  kind: "nightly" | "before-migration" | "manual",
  file: string,
  bytes: number,
) {
  await db.insert(schema.backups).values({ kind, file, bytes, finishedAt: new Date() });
}

/** Claims the night's backup: false when another instance (or an earlier run) has it. */
export async function claimNightly(db: Db, day: string): Promise<number | undefined> {
  const [row] = await db
    .insert(schema.backups)
    .values({ kind: "nightly", claim: `nightly:${day}` })
    .onConflictDoNothing()
    .returning({ id: schema.backups.id });
  return row?.id;
}

export async function finishNightly(db: Db, id: number, file: string, bytes: number) {
  await db
    .update(schema.backups)
    .set({ file, bytes, finishedAt: new Date() })
    .where(sql`${schema.backups.id} = ${id}`);
}

export async function releaseNightly(db: Db, id: number) {
  await db.delete(schema.backups).where(sql`${schema.backups.id} = ${id}`);
}

/** The newest backup written in full. */
export async function lastBackup(db: Db) {
  const [row] = await db
    .select()
    .from(schema.backups)
    .where(isNotNull(schema.backups.finishedAt))
    .orderBy(desc(schema.backups.finishedAt))
    .limit(1);
  return row;
}
