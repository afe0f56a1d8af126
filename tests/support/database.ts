import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, useDatabase, type Connection } from "~/platform/db/client.server";
import { stopHousePhotos } from "~/features/houses/services/photo-worker.server";

/**
 * Gives the calling test file a fresh, migrated database for all its tests: in-memory PGlite loaded
 * from the run's migrated data directory, or in the "postgres" project a new database on
 * TEST_DATABASE_URL's server copied from the run's migrated template (dropped afterwards).
 */
export function useFreshDatabase() {
  const state: { connection?: Connection; dropDatabase?: () => Promise<void> } = {};

  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (process.env.TEST_DB === "postgres" && adminUrl) {
      const name = `sgw_test_${process.pid}_${randomBytes(4).toString("hex")}`;
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${name}" template "${inject("postgresTemplate")}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      state.connection = openDatabase({ url: url.toString() });
      state.dropDatabase = async () => {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end();
      };
    } else {
      const pgliteData = new Blob([readFileSync(inject("pgliteTemplate"))]);
      state.connection = openDatabase({ pgliteDir: "memory://", pgliteData });
    }
    useDatabase(state.connection);
  });

  afterAll(async () => {
    // A suggestion may have started a photo fetch: it finishes on this database, not the next.
    await stopHousePhotos();
    useDatabase(undefined);
    await state.connection?.close();
    await state.dropDatabase?.();
  });

  return {
    get db() {
      if (!state.connection) throw new Error("The test database is not open yet");
      return state.connection.db;
    },
    /** The open connection: to make it the app's database again after a test used another. */
    get connection() {
      if (!state.connection) throw new Error("The test database is not open yet");
      return state.connection;
    },
  };
}

/**
 * An empty database of the project's kind to restore into: migrated (as a first start leaves it)
 * or never migrated.
 */
export async function withEmptyDatabase<T>(migrated: boolean, use: (connection: Connection) => Promise<T>) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let drop = async () => {};
  let connection: Connection;
  if (process.env.TEST_DB === "postgres" && adminUrl) {
    const name = `sgw_restore_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(
      `create database "${name}"${migrated ? ` template "${inject("postgresTemplate")}"` : ""}`,
    );
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    connection = openDatabase({ url: url.toString(), share: false });
    drop = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  } else {
    const pgliteData = migrated ? new Blob([readFileSync(inject("pgliteTemplate"))]) : undefined;
    connection = openDatabase({ pgliteDir: "memory://", pgliteData });
  }
  try {
    return await use(connection);
  } finally {
    await connection.close();
    await drop();
  }
}
