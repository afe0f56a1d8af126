/**
 * A backup is the group's data as JSON lines, read in one read-only REPEATABLE READ transaction (one
 * snapshot while the app keeps writing), and restored (models/restore.server.ts) into an empty
 * database of either kind (docs/decisions/028-backups.md). The tables come from the Drizzle schema,
 * so a new table is backed up without being named here; what a backup leaves out is named here.
 */
import { and, count, desc, eq, is, isNotNull, ne, sql } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import { migrationsJournal, type Db } from "~/platform/db/client.server";
import * as schema from "~/platform/db/schema";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupRefused,
  headerLine,
  loadOrder,
  type SchemaVersion,
} from "~/platform/lib/backup-file";
import type { LeftOut, TableShape } from "~/platform/lib/backup-rows";
import { SESSION_SECRET_SETTING } from "~/platform/models/settings.server";

/** Why the last nightly backup or its copy failed (JSON: reason, at); no row while they work. */
const BACKUP_PROBLEM_SETTING = "backup_problem";
/** What the organisers were last told about the backups: "failing", or "ok" (the default). */
const BACKUP_ALARM_SETTING = "backup_alarm";

const nameOf = (table: PgTable) => getTableConfig(table).name;

export const quoted = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** Every table of the app's schema, each after those it references: the order a restore loads them in. */
export const SCHEMA_TABLES: readonly string[] = loadOrder(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => ({
      name: nameOf(table),
      references: getTableConfig(table).foreignKeys.map((key) => nameOf(key.reference().foreignTable)),
    })),
);

/**
 * What a backup never holds (issue 53, decision 028): a backup is the group's data, never a key. Not
 * the cookie secret (it signs cookies and seals codes and calendar tokens), no session, sign-in code
 * or link, and not where members signed in from or with which browser; not the rate limits' counts
 * either. A restored planner makes a new secret; members sign in again and ask a new code. A
 * calendar token is kept by its hash only, so its address answers after a restore, but not its seal.
 */
export const LEFT_OUT: LeftOut = {
  tables: [
    schema.sessions,
    schema.sessionDetails,
    schema.oneTimeSecrets,
    schema.trustedLogins,
    schema.rateLimits,
  ].map(nameOf),
  columns: { [nameOf(schema.tripFeedTokens)]: [schema.tripFeedTokens.sealed.name] },
  // The backup watch's state is this machine's, not the group's: a restored planner watches afresh.
  rows: {
    [nameOf(schema.settings)]: {
      column: schema.settings.key.name,
      values: [SESSION_SECRET_SETTING, BACKUP_PROBLEM_SETTING, BACKUP_ALARM_SETTING],
    },
  },
};

/** `where …` picking the rows of `table` a backup holds (every row, for most tables). */
export function heldRows(table: string) {
  const left = LEFT_OUT.rows[table];
  if (!left) return sql``;
  return sql`where ${quoted(left.column)} not in (${sql.join(
    left.values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

/** The tables a backup holds, in load order. */
export const BACKUP_TABLES: readonly string[] = SCHEMA_TABLES.filter(
  (name) => !LEFT_OUT.tables.includes(name),
);

type Rows<T> = T[] | { rows: T[] };
/** postgres.js answers a raw query with the rows, PGlite with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  const value = result as Rows<T>;
  return Array.isArray(value) ? value : value.rows;
}

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

/** The app's tables as this database has them (at its own schema): columns, types, primary key. */
export async function tableShapes(db: Db): Promise<Map<string, TableShape>> {
  const columns = rowsOf<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    serial: boolean;
  }>(
    await db.execute(sql`select c.table_name, c.column_name, c.data_type, c.is_nullable,
        (c.column_default like 'nextval(%' or c.is_identity = 'YES') as serial
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`),
  );
  const keys = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`select k.table_name, k.column_name
      from information_schema.table_constraints c
      join information_schema.key_column_usage k on k.constraint_schema = c.constraint_schema
        and k.constraint_name = c.constraint_name and k.table_name = c.table_name
      where c.table_schema = 'public' and c.constraint_type = 'PRIMARY KEY'
      order by k.table_name, k.ordinal_position`),
  );
  const shapes = new Map<string, TableShape>();
  for (const column of columns) {
    const shape = shapes.get(column.table_name) ?? { columns: [], primaryKey: [] };
    shape.columns.push({
      name: column.column_name,
      type: column.data_type,
      nullable: column.is_nullable === "YES",
      serial: Boolean(column.serial),
    });
    shapes.set(column.table_name, shape);
  }
  for (const key of keys) shapes.get(key.table_name)?.primaryKey.push(key.column_name);
  return shapes;
}

/** Rows read per query: a few at a time from a table that holds files (photos, receipts), so a year of them never sits in memory whole. */
const PAGE_ROWS = 500;
const FILE_PAGE_ROWS = 4;

/**
 * The backup, from one snapshot, handed to `write` a piece at a time (the header, each table's count
 * line, each page of rows, the end line), each piece awaited before the next query: a file stream's
 * backpressure reaches the reads. No piece holds more than one page of one table.
 */
export async function writeBackup(
  db: Db,
  from: "postgres" | "pglite",
  write: (piece: string) => Promise<void> | void,
): Promise<void> {
  await db.transaction(
    async (tx) => {
      // A large table must not meet the app's 4 s statement timeout (decision 006).
      await tx.execute(sql`set local statement_timeout = 0`);
      const version = await appliedVersion(tx as unknown as Db);
      if (!version)
        throw new BackupRefused("This database has never been migrated: there is nothing to back up.");
      await write(
        headerLine({
          format: BACKUP_FORMAT,
          version: BACKUP_FORMAT_VERSION,
          schema: version,
          takenAt: new Date().toISOString(),
          from,
        }) + "\n",
      );
      // A backup before migrating is taken at an older schema: a table added since is not there yet.
      const present = await tableShapes(tx as unknown as Db);
      const tables = BACKUP_TABLES.filter((name) => present.has(name));
      for (const table of tables) {
        const [{ n }] = rowsOf<{ n: number | string }>(
          await tx.execute(sql`select count(*) as n from ${quoted(table)} t ${heldRows(table)}`),
        );
        const count = Number(n);
        await write(JSON.stringify({ table, rows: count }) + "\n");
        const holdsFiles = present.get(table)!.columns.some((column) => column.type === "bytea");
        const page = holdsFiles ? FILE_PAGE_ROWS : PAGE_ROWS;
        const omitted = LEFT_OUT.columns[table] ?? [];
        // The snapshot does not change under the reads (repeatable read): the pages add up to `count`.
        for (let offset = 0; offset < count; offset += page) {
          const rows = rowsOf<{ line: string }>(
            await tx.execute(
              sql`select row_to_json(t)::text as line from ${quoted(table)} t ${heldRows(table)} order by t.ctid limit ${page} offset ${offset}`,
            ),
          );
          if (rows.length === 0) throw new Error(`The backup of ${table} ended before its ${count} rows`);
          await write(
            rows.map(({ line }) => (omitted.length ? withoutColumns(line, omitted) : line) + "\n").join(""),
          );
        }
      }
      await write(JSON.stringify({ end: true, tables: tables.length }) + "\n");
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** The whole backup as text, from one snapshot (a restore's scratch copy, the tests): writeBackup kept in memory. */
export async function takeBackup(db: Db, from: "postgres" | "pglite"): Promise<string> {
  const pieces: string[] = [];
  await writeBackup(db, from, (piece) => {
    pieces.push(piece);
  });
  return pieces.join("");
}

/** A row as row_to_json wrote it, without `columns`. */
function withoutColumns(line: string, columns: readonly string[]) {
  const row = JSON.parse(line) as Record<string, unknown>;
  for (const column of columns) delete row[column];
  return JSON.stringify(row);
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

/** Notes why a backup or its copy failed; undefined: it worked (the note goes). */
export async function noteBackupProblem(db: Db, reason: string | undefined, at = new Date()) {
  const { settings } = schema;
  if (reason === undefined) {
    await db.delete(settings).where(eq(settings.key, BACKUP_PROBLEM_SETTING));
    return;
  }
  const value = JSON.stringify({ reason, at: at.toISOString() });
  await db
    .insert(settings)
    .values({ key: BACKUP_PROBLEM_SETTING, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at } });
}

export async function backupProblem(db: Db): Promise<{ reason: string; at: string } | undefined> {
  const { settings } = schema;
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, BACKUP_PROBLEM_SETTING));
  return row ? (JSON.parse(row.value) as { reason: string; at: string }) : undefined;
}

/**
 * Claims telling the organisers that the backups are `now` ("failing" or "ok"): true for the one
 * caller that changed what they were last told, so one failure (or recovery) makes one mail,
 * however many instances and nights see it.
 */
export async function claimBackupAlarm(db: Db, now: "failing" | "ok"): Promise<boolean> {
  const { settings } = schema;
  const changed =
    now === "failing"
      ? await db
          .insert(settings)
          .values({ key: BACKUP_ALARM_SETTING, value: now })
          .onConflictDoUpdate({
            target: settings.key,
            set: { value: now, updatedAt: new Date() },
            setWhere: ne(settings.value, now),
          })
          .returning({ key: settings.key })
      : await db
          .update(settings)
          .set({ value: now, updatedAt: new Date() })
          .where(and(eq(settings.key, BACKUP_ALARM_SETTING), ne(settings.value, now)))
          .returning({ key: settings.key });
  return changed.length === 1;
}
