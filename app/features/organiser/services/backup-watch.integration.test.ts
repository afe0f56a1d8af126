import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { backups } from "~/platform/db/schema";
import { resetEnvCache } from "~/platform/env.server";
import { runNightlyBackup } from "~/platform/services/backup.server";
import { runBackupWatch } from "~/features/organiser/services/backup-watch.server";
import { loader as healthz } from "~/routes/healthz";
import { useFreshDatabase } from "../../../../tests/support/database";
import { useFakeMail } from "../../../../tests/support/mail";

const database = useFreshDatabase();
const mail = useFakeMail({ ADMIN_EMAILS: "boss@example.com" });
const dir = mkdtempSync(path.join(tmpdir(), "sgw-watch-"));
const night = (day: number) => new Date(`2026-06-${String(day).padStart(2, "0")}T08:00:00Z`);

function useFolders(backupDir: string, copyDir?: string) {
  process.env.BACKUP_DIR = backupDir;
  if (copyDir) process.env.BACKUP_COPY_DIR = copyDir;
  else delete process.env.BACKUP_COPY_DIR;
  resetEnvCache();
}

beforeEach(() => {
  mail.mails.length = 0;
});
afterAll(() => {
  delete process.env.BACKUP_DIR;
  delete process.env.BACKUP_COPY_DIR;
  resetEnvCache();
  rmSync(dir, { recursive: true, force: true });
});

describe("the organisers hear about the backups", () => {
  it("once when the nightly backup cannot be written, not again the next night, once when it works again", async () => {
    // A file where the folder should be: no user, root included, can write under it.
    const blocker = path.join(dir, "not-a-folder");
    writeFileSync(blocker, "");
    useFolders(path.join(blocker, "backups"));
    await expect(runNightlyBackup("pglite", night(1))).rejects.toThrow();
    expect(await runBackupWatch()).toBe("failing");
    expect(mail.mails).toHaveLength(1);
    expect(mail.mails[0]).toMatchObject({
      to: "boss@example.com",
      subject: "The planner's backups are failing",
    });
    expect(mail.mails[0]!.text).toContain("The nightly backup could not be written (ENOTDIR)");

    await expect(runNightlyBackup("pglite", night(2))).rejects.toThrow();
    expect(await runBackupWatch()).toBeUndefined();
    expect(mail.mails).toHaveLength(1);

    useFolders(path.join(dir, "backups"));
    expect(await runNightlyBackup("pglite", night(3))).toBeDefined();
    expect(await runBackupWatch()).toBe("ok");
    expect(mail.mails.map((sent) => sent.subject)).toEqual([
      "The planner's backups are failing",
      "The planner's backups work again",
    ]);
    await runNightlyBackup("pglite", night(4));
    expect(await runBackupWatch()).toBeUndefined();
    expect(mail.mails).toHaveLength(2);
  });

  it("once when the copy folder is missing, and once when the copy is made again, checked byte for byte", async () => {
    const copies = path.join(dir, "stick");
    useFolders(path.join(dir, "backups"), copies);
    await runNightlyBackup("pglite", night(5));
    expect(await runBackupWatch()).toBe("failing");
    expect(mail.mails).toHaveLength(1);
    expect(mail.mails[0]!.text).toContain(
      `The backup copy folder ${copies} (BACKUP_COPY_DIR) does not exist.`,
    );
    await runNightlyBackup("pglite", night(6));
    expect(await runBackupWatch()).toBeUndefined();

    mkdirSync(copies);
    const written = await runNightlyBackup("pglite", night(7));
    expect(written?.copyFailed).toBeUndefined();
    const [copy] = readdirSync(copies);
    expect(readFileSync(path.join(copies, copy!))).toEqual(readFileSync(written!.file));
    expect(await runBackupWatch()).toBe("ok");
    expect(mail.mails.map((sent) => sent.subject)).toEqual([
      "The planner's backups are failing",
      "The planner's backups work again",
    ]);
  });

  it("when the newest backup is older than 36 hours; /healthz gives its age and is not ok past 48", async () => {
    const { db } = database;
    await db.delete(backups);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await db.insert(backups).values({ kind: "nightly", file: "old.jsonl", finishedAt: hoursAgo(30) });
    let health = await healthz();
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, backup: { ageHours: 30 } });
    expect(await runBackupWatch()).toBeUndefined();

    await db.delete(backups);
    await db.insert(backups).values({ kind: "nightly", file: "old.jsonl", finishedAt: hoursAgo(40) });
    expect(await runBackupWatch()).toBe("failing");
    expect(mail.mails[0]!.text).toContain("The newest backup is 40 hours old");
    expect((await healthz()).status).toBe(200);

    await db.delete(backups);
    await db.insert(backups).values({ kind: "nightly", file: "old.jsonl", finishedAt: hoursAgo(49) });
    health = await healthz();
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ ok: false, backup: { ageHours: 49 } });
    expect(await runBackupWatch()).toBeUndefined();
    expect(mail.mails).toHaveLength(1);
  });
});
