import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq, gte } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  backups,
  housePhotoRenditions,
  housePhotos,
  houses,
  moneySettings,
  users,
} from "~/platform/db/schema";
import { resetEnvCache } from "~/platform/env.server";
import { BackupRefused, parseBackup } from "~/platform/lib/backup-file";
import { BACKUP_TABLES, takeBackup, writeBackup } from "~/platform/models/backup.server";
import { migrationsUpTo, restoreBackup } from "~/platform/models/restore.server";
import { migrationsJournal, openDatabase } from "~/platform/db/client.server";
import { lastBackupTaken, runNightlyBackup, writeBackupFile } from "~/platform/services/backup.server";
import { seedDemoData } from "~/seed.server";
import { useFreshDatabase, withEmptyDatabase } from "../../../tests/support/database";

const database = useFreshDatabase();
const dir = mkdtempSync(path.join(tmpdir(), "sgw-backups-"));
process.env.BACKUP_DIR = dir;
process.env.BACKUP_KEEP = "2";
resetEnvCache();
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  delete process.env.BACKUP_DIR;
  delete process.env.BACKUP_KEEP;
  resetEnvCache();
});

/** Each table's rows, sorted: two databases with the same data give the same answer. */
function contents(text: string) {
  return Object.fromEntries(parseBackup(text).tables.map((table) => [table.name, [...table.rows].sort()]));
}

describe("a backup", () => {
  it("holds every table and restores the same rows into an empty database, migrated or not", async () => {
    const { db } = database;
    await seedDemoData(db, { confirmOrganisers: true, season: true });
    const [house] = await db.select({ id: houses.id }).from(houses).limit(1);
    // Photos are bytes: they must come back byte for byte.
    const photo = Buffer.from([0, 1, 2, 255, 92, 120, 39, 34]);
    await db
      .insert(housePhotos)
      .values({ houseId: house!.id, sourceUrl: "https://example.com/a.jpg", small: photo });
    const text = await takeBackup(db, "pglite");
    const parsed = parseBackup(text);
    expect(parsed.tables.map((table) => table.name)).toEqual([...BACKUP_TABLES]);
    expect(parsed.header.schema.count).toBeGreaterThan(10);

    await withEmptyDatabase(true, async (target) => {
      const result = await restoreBackup(target, text);
      expect(result.migrated).toBe(0);
      expect(contents(await takeBackup(target.db, target.kind))).toEqual(contents(text));
      const [stored] = await target.db.select().from(housePhotos);
      expect(stored!.small).toEqual(photo);
      // The organiser's fixed exchange rates (decision 034) come back as typed.
      const [settings] = await target.db.select().from(moneySettings);
      expect(settings).toMatchObject({ rates: "CAD=0.73", ratesBase: "USD" });
      // Ids go on after the restored ones.
      const [added] = await target.db
        .insert(users)
        .values({ email: "new@example.com", name: "New", passwordHash: "x" })
        .returning({ id: users.id });
      const [{ highest }] = parsed.tables
        .filter((table) => table.name === "users")
        .map((table) => ({
          highest: Math.max(...table.rows.map((row) => (JSON.parse(row) as { id: number }).id)),
        }));
      expect(added!.id).toBe(highest + 1);

      // Not empty any more: refused, and nothing changed.
      const before = await takeBackup(target.db, target.kind);
      await expect(restoreBackup(target, text)).rejects.toThrow(/not empty/);
      expect(contents(await takeBackup(target.db, target.kind))).toEqual(contents(before));
    });

    // A database never migrated is brought to the backup's schema first.
    await withEmptyDatabase(false, async (target) => {
      await restoreBackup(target, text);
      expect(contents(await takeBackup(target.db, target.kind))).toEqual(contents(text));
    });
  }, 120_000);

  it("is written a page at a time: a year of files never sits in memory whole", async () => {
    const { db } = database;
    const houseIds = (await db.select({ id: houses.id }).from(houses)).map((house) => house.id);
    // Twelve 200 KB files (hex doubles them in the backup): some 4.8 MB in all.
    const rows = Array.from({ length: 12 }, (_, i) => ({
      houseId: houseIds[i % houseIds.length]!,
      width: 5000 + i,
      version: "v",
      bytes: randomBytes(200_000),
    }));
    await db.insert(housePhotoRenditions).values(rows);
    try {
      const pieces: number[] = [];
      const parts: string[] = [];
      await writeBackup(db, "pglite", (piece) => {
        pieces.push(Buffer.byteLength(piece));
        parts.push(piece);
      });
      const whole = pieces.reduce((sum, n) => sum + n, 0);
      expect(whole).toBeGreaterThan(4_800_000);
      // No piece holds more than a page of four files (and their JSON).
      expect(Math.max(...pieces)).toBeLessThan(4 * 410_000);
      const { tables } = parseBackup(parts.join(""));
      expect(tables.find((table) => table.name === "house_photo_renditions")!.rows).toHaveLength(12);
      // The file on disk is the same, written as it was read, its owner's only.
      const file = path.join(dir, "streamed.ndjson");
      const written = await writeBackupFile(db, "pglite", "manual", file);
      expect(written.bytes).toBe(statSync(file).size);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(contents(readFileSync(file, "utf8"))).toEqual(contents(parts.join("")));
      rmSync(file);
    } finally {
      await db.delete(housePhotoRenditions).where(gte(housePhotoRenditions.width, 5000));
    }
  });

  it("from a newer planner, cut off or not a backup at all is refused", async () => {
    const text = await takeBackup(database.db, "pglite");
    const lines = text.split("\n");
    const header = JSON.parse(lines[0]!) as { schema: { when: number; migration: string } };
    header.schema = { ...header.schema, when: header.schema.when + 1, migration: "9999_future" };
    const newer = [JSON.stringify(header), ...lines.slice(1)].join("\n");
    await withEmptyDatabase(true, async (target) => {
      await expect(restoreBackup(target, newer)).rejects.toThrow(/newer version of the planner.*9999_future/);
      await expect(restoreBackup(target, lines.slice(0, -3).join("\n"))).rejects.toThrow(BackupRefused);
      await expect(restoreBackup(target, "id,name\n1,x\n")).rejects.toThrow(/not a planner backup/);
      const [{ n }] = await target.db.select({ n: count() }).from(users);
      expect(n).toBe(0);
    });
  });
});

describe("a backup before a migration", () => {
  it("holds the tables of the database's own, older schema", async () => {
    // The last schema without the backups table: a planner that old is backed up before upgrading.
    const older = migrationsJournal().entries.find((entry) => entry.tag === "0018_invitation_names")!;
    const migrations = migrationsUpTo(older.when);
    const connection = openDatabase({ pgliteDir: "memory://" });
    try {
      await connection.migrate(migrations.folder);
      const { header, tables } = parseBackup(await takeBackup(connection.db, "pglite"));
      expect(header.schema.migration).toBe(older.tag);
      expect(tables.map((table) => table.name)).toContain("users");
      expect(tables.map((table) => table.name)).not.toContain("backups");
    } finally {
      migrations.remove();
      await connection.close();
    }
    // A database of its own, made and migrated here: slow on a busy machine.
  }, 60_000);
});

describe("the nightly backup", () => {
  it("is taken once a day however many runs ask, from 3 a.m., keeping the newest BACKUP_KEEP files", async () => {
    const night = new Date("2026-06-02T06:30:00Z"); // 2:30 in New York: not yet
    expect(await runNightlyBackup("pglite", night)).toBeUndefined();
    const morning = new Date("2026-06-02T08:00:00Z");
    const runs = await Promise.all([
      runNightlyBackup("pglite", morning),
      runNightlyBackup("pglite", morning),
    ]);
    const taken = runs.filter(Boolean);
    expect(taken).toHaveLength(1);
    expect(statSync(taken[0]!.file).mode & 0o777).toBe(0o600);
    const last = await lastBackupTaken();
    expect(last?.file).toBe(taken[0]!.file);
    expect(await runNightlyBackup("pglite", new Date("2026-06-02T20:00:00Z"))).toBeUndefined();
    await runNightlyBackup("pglite", new Date("2026-06-03T08:00:00Z"));
    await runNightlyBackup("pglite", new Date("2026-06-04T08:00:00Z"));
    expect(readdirSync(dir)).toHaveLength(2);
    // A backup that cannot be written gives its claim back: a later run that day tries again.
    const blocker = path.join(dir, "a-file");
    writeFileSync(blocker, "");
    process.env.BACKUP_DIR = path.join(blocker, "backups");
    resetEnvCache();
    await expect(runNightlyBackup("pglite", new Date("2026-06-05T08:00:00Z"))).rejects.toThrow();
    process.env.BACKUP_DIR = dir;
    resetEnvCache();
    rmSync(blocker);
    const claims = await database.db.select().from(backups).where(eq(backups.kind, "nightly"));
    expect(claims.map((claim) => claim.claim).sort()).toEqual([
      "nightly:2026-06-02",
      "nightly:2026-06-03",
      "nightly:2026-06-04",
    ]);
  });
});
