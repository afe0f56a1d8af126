import { readFileSync } from "node:fs";
import postgres from "postgres";
import { describe, expect, it, vi } from "vitest";
import { freshDatabase } from "../../../tests/support/processes";
import { migrateDatabase } from "~/platform/db/client.server";

const adminUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: unknown[] };

describe.skipIf(process.env.TEST_DB !== "postgres" || !adminUrl)("migrations on Postgres", () => {
  it("four instances migrating one fresh database at once apply each migration once", async () => {
    const database = await freshDatabase(adminUrl!, "sgw_migrate");
    try {
      const target = { url: database.url };
      await Promise.all([1, 2, 3, 4].map(() => migrateDatabase(target)));
      const db = postgres(database.url, { max: 1, onnotice: () => {} });
      const [{ count }] = await db<
        { count: number }[]
      >`select count(*)::int as count from drizzle.__drizzle_migrations`;
      await db.end();
      expect(count).toBe(journal.entries.length);
    } finally {
      await database.drop();
    }
  });
});

describe("one client per process", () => {
  it("opening the module twice (as a dev rebuild does) still gives one client", async () => {
    const before = { DATABASE_URL: process.env.DATABASE_URL, PGLITE_DIR: process.env.PGLITE_DIR };
    process.env.DATABASE_URL = "";
    process.env.PGLITE_DIR = "memory://";
    try {
      vi.resetModules();
      const first = await import("~/platform/db/client.server");
      first.useDatabase(undefined);
      const openedBefore = first.clientsOpened();
      const db = await first.getDb();
      vi.resetModules();
      const second = await import("~/platform/db/client.server");
      expect(second).not.toBe(first);
      expect(await second.getDb()).toBe(db);
      expect(second.clientsOpened()).toBe(openedBefore + 1);
      second.useDatabase(undefined);
    } finally {
      Object.assign(process.env, before);
      for (const [name, value] of Object.entries(before)) if (value === undefined) delete process.env[name];
    }
  });
});
