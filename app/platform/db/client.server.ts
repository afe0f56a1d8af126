import { readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { env } from "~/platform/env.server";
import { keepsState } from "~/platform/lib/module-state";
import { retryingReads } from "~/platform/db/availability";
import { privateDataDirectory } from "~/platform/db/private-files";
import * as schema from "~/platform/db/schema";
import { TableChanges } from "~/platform/db/table-changes";
import { shareChanges, trackPgliteWrites, trackPostgresWrites } from "~/platform/db/track-writes";

/**
 * What both drivers share: Drizzle's Postgres query API over our schema. The app uses nothing
 * driver-specific, so one honest type covers PGlite and postgres.js.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

export type Connection = {
  db: Db;
  kind: "postgres" | "pglite";
  /** The tables this connection wrote, or heard another instance write (the caches' one source). */
  changes: TableChanges;
  /** Applies pending migrations (see migrateDatabase); `folder`: another set (a restore's, up to a backup's version). */
  migrate: (folder?: string) => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseTarget = {
  url?: string;
  pgliteDir?: string;
  /** A PGlite data directory saved by dumpDataDir to start from (tests: skips initdb and migrations). */
  pgliteData?: Blob;
  /** False: only migrating, so no LISTEN connection for other instances' writes. */
  share?: boolean;
};

const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

export type JournalEntry = { idx: number; when: number; tag: string; version: string; breakpoints: boolean };

/** The migrations this build carries, oldest first (drizzle's journal). */
export function migrationsJournal(): { folder: string; entries: JournalEntry[] } {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return { folder: migrationsFolder, entries: journal.entries };
}

/** Any number: it only has to be the same for every instance that migrates this database. */
const MIGRATION_LOCK = 2025_0821;

/**
 * Outage behaviour on real Postgres: fail fast instead of hanging (a request must never wait more
 * than about 5 s), and let postgres.js replace connections that died with the server.
 */
const POSTGRES_OPTIONS = {
  max: 10,
  connect_timeout: 2,
  idle_timeout: 30,
  max_lifetime: 30 * 60,
  connection: { statement_timeout: 4000, lock_timeout: 3000 },
  // postgres.js waits up to 20 s (growing per failed attempt) before reconnecting a dead connection,
  // and queries queue behind it meanwhile; a short, flat pause brings the app back with the database.
  backoff: () => 0.1,
  onnotice: () => {},
} as const;

/** Opens a database without touching its schema. `target` is a postgres URL or a PGlite dir ("memory://" for RAM). */
export function openDatabase(target: DatabaseTarget): Connection {
  const url = target.url;
  const changes = new TableChanges();
  if (url) {
    const client = postgres(url, POSTGRES_OPTIONS);
    const sharing = target.share === false ? undefined : shareChanges(url, client, changes);
    const tracked = trackPostgresWrites(client, (tables) => {
      changes.changed(tables);
      sharing?.announce(tables);
    });
    const db: Db = drizzlePostgres(retryingReads(tracked), { schema });
    return {
      db,
      kind: "postgres",
      changes,
      migrate: (folder = migrationsFolder) => migratePostgresLocked(url, folder),
      close: async () => {
        await sharing?.stop();
        await client.end({ timeout: 5 });
      },
    };
  }
  const dir = target.pgliteDir ?? "memory://";
  const onDisk = !dir.startsWith("memory://");
  // The folder holds every member's data: its owner's only, also when an older planner left it open.
  if (onDisk) privateDataDirectory(dir);
  const client = new PGlite(dir, target.pgliteData ? { loadDataDir: target.pgliteData } : {});
  const pglite = drizzlePglite(
    trackPgliteWrites(client, (tables) => changes.changed(tables)),
    { schema },
  );
  return {
    db: pglite,
    kind: "pglite",
    changes,
    // PGlite is one process's own files: whoever has it open is the only one migrating.
    migrate: (folder = migrationsFolder) => migratePglite(pglite, { migrationsFolder: folder }),
    close: async () => {
      await client.close();
      // What PGlite wrote meanwhile (a first start's files, its caches) is 0666 or 0644.
      if (onDisk) privateDataDirectory(dir);
    },
  };
}

/**
 * On Postgres the migration holds an advisory lock on a connection of its own, so instances that
 * start together apply each migration once; the others wait, then find nothing left to do.
 */
async function migratePostgresLocked(url: string, folder: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: folder });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** Opens the database, applies pending migrations and closes it again (`npm start`, `npm run db:migrate`). */
export async function migrateDatabase(target: DatabaseTarget): Promise<void> {
  const connection = openDatabase({ ...target, share: false });
  try {
    await connection.migrate();
  } finally {
    await connection.close();
  }
}

export function configuredTarget(): DatabaseTarget {
  const config = env();
  return config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: config.pgliteDir };
}

/**
 * One client per process. It lives on globalThis because `remix dev` re-imports the server build on
 * every rebuild: a module-level variable would open another client (and, on PGlite, a second writer
 * on the same directory) each time.
 */
type Holder = { connection?: Connection; opened: number; signalsHooked?: boolean };
const holder: Holder = ((globalThis as { __sgw25Database?: Holder }).__sgw25Database ??= { opened: 0 });

function connect(): Connection {
  const connection = openDatabase(configuredTarget());
  holder.opened += 1;
  if (!holder.signalsHooked) {
    holder.signalsHooked = true;
    // remix-serve closes its HTTP server on these signals but an open database client would keep the
    // process alive (and an unclosed PGlite directory risks an unclean shutdown).
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.once(signal, () => {
        // A short grace period lets requests already in flight finish their queries.
        setTimeout(() => {
          (holder.connection?.close() ?? Promise.resolve())
            .catch((error) => console.error("Closing the database failed:", error))
            .finally(() => setTimeout(() => process.exit(0), 2000).unref());
        }, 300);
      });
    }
  }
  return connection;
}

/** The app's database. Migrations are applied before the server starts (`npm start`, `npm run db:migrate`), never here. */
export async function getDb(): Promise<Db> {
  holder.connection ??= connect();
  return holder.connection.db;
}

/** The app's connection itself: for a restore from /setup, which migrates and loads through it. */
export async function getConnection(): Promise<Connection> {
  holder.connection ??= connect();
  return holder.connection;
}

/** What the app's connection has seen change: the caches compare against it. */
export async function getTableChanges(): Promise<TableChanges> {
  holder.connection ??= connect();
  return holder.connection.changes;
}

/** How many clients this process has opened (one, outside tests). */
export function clientsOpened(): number {
  return holder.opened;
}

/**
 * Makes `open` the process's database: a script that opened it itself (npm run demo's first seeding,
 * the bench) or a test with a fresh database of its own writes through the features, whose models
 * ask getDb; undefined lets go of it again.
 */
export function useDatabase(open: Connection | undefined) {
  holder.connection = open;
}

/**
 * An empty PGlite cluster, kept once made: a fresh in-memory database runs initdb in WebAssembly
 * (about 2 s here), one started from this copy about 0.4 s. Nothing of a planner's is in it.
 */
let emptyCluster: Promise<Blob> | undefined;
keepsState(() => (emptyCluster = undefined));

/**
 * A new, empty in-memory database for work apart from the planner's own (a restore checks and
 * upgrades a backup in one): the first of a process pays for initdb, the next ones start from its
 * empty cluster.
 */
export async function scratchDatabase(): Promise<Connection> {
  emptyCluster ??= (async () => {
    const client = new PGlite("memory://");
    try {
      await client.waitReady;
      return await client.dumpDataDir("none");
    } finally {
      await client.close();
    }
  })();
  const pgliteData = await emptyCluster.catch((error: unknown) => {
    emptyCluster = undefined;
    throw error;
  });
  return openDatabase({ pgliteDir: "memory://", pgliteData, share: false });
}
