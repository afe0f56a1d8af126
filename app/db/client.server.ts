import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { env } from "~/env.server";
import * as schema from "./schema";

/**
 * Both drivers expose the same Drizzle query API; the app is typed against the postgres.js one so
 * there is one `Db` type whichever database answers.
 */
export type Db = PostgresJsDatabase<typeof schema>;

export type Connection = { db: Db; close: () => Promise<void>; kind: "postgres" | "pglite" };

const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/** Opens a database and applies pending migrations. `target` is a postgres URL or a PGlite dir ("memory://" for RAM). */
export async function openDatabase(target: { url?: string; pgliteDir?: string }): Promise<Connection> {
  if (target.url) {
    const client = postgres(target.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    await migratePostgres(db, { migrationsFolder });
    return { db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
  }
  const dir = target.pgliteDir ?? "memory://";
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  const pglite = drizzlePglite(client, { schema });
  await migratePglite(pglite, { migrationsFolder });
  return { db: pglite as unknown as Db, kind: "pglite", close: () => client.close() };
}

let connection: Promise<Connection> | undefined;

function connect(): Promise<Connection> {
  const config = env();
  const opening = openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: config.pgliteDir },
  );
  // remix-serve closes its HTTP server on these signals but an open database client would keep the
  // process alive (and an unclosed PGlite directory risks an unclean shutdown).
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      // A short grace period lets requests already in flight finish their queries.
      setTimeout(() => {
        opening
          .then((open) => open.close())
          .catch((error) => console.error("Closing the database failed:", error))
          .finally(() => setTimeout(() => process.exit(0), 2000).unref());
      }, 300);
    });
  }
  return opening;
}

/** The app's database, opened (and migrated) on first use. */
export async function getDb(): Promise<Db> {
  connection ??= connect();
  try {
    return (await connection).db;
  } catch (error) {
    connection = undefined;
    throw error;
  }
}

/** Lets tests hand the app a fresh database of their own. */
export function useDatabaseForTests(open: Connection | undefined) {
  connection = open ? Promise.resolve(open) : undefined;
}
