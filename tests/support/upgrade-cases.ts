/**
 * Every upgrade starts (issue 54): a database at each schema this planner ever had, holding a row in
 * every table it had then, meets this build's start (prepareDatabase, what `npm start` runs). It is
 * backed up at its own schema, migrated and served with its data; and that backup, the one meant to
 * undo the upgrade, restores into a new planner of this build.
 *
 * The schemas are cut in two files (upgrade-older, upgrade-newer), so that the two Vitest workers
 * share them instead of one of them ending the run alone.
 *
 * On PostgreSQL every schema starts (a migration's SQL may behave differently on the server), but the
 * older backup is restored only for the first schema of each file: whatever the target, an older
 * backup is brought up to this build in a scratch PGlite database (restore.server.ts, upgradeBackup),
 * so what the server adds is only the load of a backup at today's schema, which the first case and
 * backup.integration.test.ts show. Each schema's restore runs on PGlite.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsJournal, openDatabase, useDatabase, type Connection } from "~/platform/db/client.server";
import { resetEnvCache } from "~/platform/env.server";
import { parseBackup } from "~/platform/lib/backup-file";
import { appliedVersion, rowsOf, takeBackup, tableShapes } from "~/platform/models/backup.server";
import { migrationsUpTo, restoreBackup } from "~/platform/models/restore.server";
import { prepareDatabase } from "~/platform/services/start.server";
import { loader as healthz } from "~/routes/healthz";
import { fillEveryTable } from "./schema-rows";
import { withEmptyDatabase } from "./database";

const journal = migrationsJournal().entries;
// Every schema older than this build's: 0000 already held members, houses and votes.
export const OLDER = journal.slice(0, -1);
const onPostgres = process.env.TEST_DB === "postgres" && Boolean(process.env.TEST_DATABASE_URL);

/** The start and the restore of a planner at each of `schemas`, in order. */
export function describeUpgrades(schemas: typeof OLDER) {
  const backupDir = mkdtempSync(path.join(tmpdir(), "sgw-upgrade-"));
  /**
   * PGlite: one database migrated a step further for each schema in turn (the cases run in order),
   * each case starting from a copy of it; one copy at a time, so memory stays at one database's.
   */
  let builder: Connection | undefined;

  beforeAll(() => {
    process.env.BACKUP_DIR = backupDir;
    resetEnvCache();
    if (!onPostgres) builder = openDatabase({ pgliteDir: "memory://", share: false });
  });

  afterAll(async () => {
    await builder?.close();
    rmSync(backupDir, { recursive: true, force: true });
    delete process.env.BACKUP_DIR;
    resetEnvCache();
  });

  /** A database at `when`'s schema, of the project's kind. */
  async function databaseAt(when: number): Promise<{ connection: Connection; drop: () => Promise<void> }> {
    if (builder) {
      const upTo = migrationsUpTo(when);
      try {
        await builder.migrate(upTo.folder);
      } finally {
        upTo.remove();
      }
      const client = (builder.db as unknown as { $client: { dumpDataDir: (c: "none") => Promise<Blob> } })
        .$client;
      const pgliteData = await client.dumpDataDir("none");
      return {
        connection: openDatabase({ pgliteDir: "memory://", pgliteData, share: false }),
        drop: async () => {},
      };
    }
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `sgw_upgrade_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const connection = openDatabase({ url: url.toString(), share: false });
    const upTo = migrationsUpTo(when);
    try {
      await connection.migrate(upTo.folder);
    } finally {
      upTo.remove();
    }
    return {
      connection,
      drop: async () => {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }

  /** Each table's count of rows, in one statement. */
  async function rowCounts(connection: Connection) {
    const tables = [...(await tableShapes(connection.db)).keys()];
    const rows = rowsOf<{ name: string; n: number }>(
      await connection.db.execute(
        sql.raw(
          tables
            .map((table) => `select '${table}' as name, count(*)::int as n from "${table}"`)
            .join(" union all "),
        ),
      ),
    );
    return new Map(rows.map((row) => [row.name, row.n]));
  }

  /**
   * Each table's rows, sorted, without the start's own note of its backup. A table a later migration
   * made is compared by its count: what that migration wrote (0007's first edition) carries the time
   * it ran, which differs between the upgrade and the restore.
   */
  function contents(text: string, existed: ReadonlySet<string>) {
    return Object.fromEntries(
      parseBackup(text)
        .tables.filter((table) => table.name !== "backups")
        .map((table) => [table.name, existed.has(table.name) ? [...table.rows].sort() : table.rows.length]),
    );
  }

  const cases = schemas.map((entry, index) => [entry.tag, entry.when, !onPostgres || index === 0] as const);
  describe.each(cases)("a planner at %s", (tag, when, restores) => {
    it(`starts on this build: backed up at its schema, migrated, served with its data${restores ? "; that backup restores" : ""}`, async () => {
      const { connection, drop } = await databaseAt(when);
      const dir = path.join(backupDir, tag);
      process.env.BACKUP_DIR = dir;
      resetEnvCache();
      try {
        const filled = await fillEveryTable(connection.db);
        expect(filled).toContain("users");
        const before = await rowCounts(connection);

        const lines: string[] = [];
        const started = await prepareDatabase(connection, (line) => lines.push(line));

        const [file] = readdirSync(dir);
        expect(file).toMatch(/-before-migration\.jsonl$/);
        const backup = readFileSync(path.join(dir, file!), "utf8");
        expect(parseBackup(backup).header.schema.migration).toBe(tag);
        expect(started.migrated).toEqual(
          journal.filter((entry) => entry.when > when).map((entry) => entry.tag),
        );
        expect((await appliedVersion(connection.db))?.migration).toBe(journal.at(-1)!.tag);
        // What the start prints: the version, the schema it reached and what it migrated.
        expect(lines.join("\n")).toMatch(
          new RegExp(
            `SGW25 planner \\d+\\.\\d+\\.\\d+.*, database schema ${journal.at(-1)!.tag} \\(migrated from ${tag}: `,
          ),
        );
        // Every row is still there, in every table this build still has (0016 moved seven into one).
        const after = await rowCounts(connection);
        for (const [table, n] of before) {
          if (after.has(table))
            expect({ table, n: after.get(table) }).toEqual({ table, n: Math.max(n, after.get(table)!) });
        }
        expect(after.get("users")).toBe(1);
        useDatabase(connection);
        const health = await healthz();
        expect(health.status).toBe(200);
        useDatabase(undefined);

        if (!restores) return;
        // A new planner of this build (migrated by its first start, empty) takes the older backup.
        const upgraded = await takeBackup(connection.db, connection.kind);
        await withEmptyDatabase(true, async (target) => {
          const restored = await restoreBackup(target, backup);
          expect(restored.schema.migration).toBe(tag);
          const existed = new Set(before.keys());
          expect(contents(await takeBackup(target.db, target.kind), existed)).toEqual(
            contents(upgraded, existed),
          );
        });
      } finally {
        useDatabase(undefined);
        await connection.close();
        await drop();
      }
    }, 90_000);
  });
}
