/**
 * Everything the planner writes is its owner's only (issue 53): after a first start, and after a
 * start on a folder an older planner left open, every folder it owns is 0700 and every file 0600:
 * the embedded database, the backups and the key file beside the database.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { configuredTarget, openDatabase } from "~/platform/db/client.server";
import { ownerOnly } from "~/platform/db/private-files";
import { resetEnvCache } from "~/platform/env.server";
import { keepBackupsPrivate, startBackupAccess, writeBackupFile } from "~/platform/services/backup.server";

const root = mkdtempSync(path.join(tmpdir(), "sgw-modes-"));
const data = path.join(root, "data");
process.env.PGLITE_DIR = path.join(data, "pglite");
process.env.BACKUP_DIR = path.join(data, "backups");
resetEnvCache();
const mask = process.umask();
afterAll(() => {
  process.umask(mask);
  rmSync(root, { recursive: true, force: true });
});

/** Every path under `dir` (itself included) whose mode is not its owner's only, with its mode. */
function openModes(dir: string): string[] {
  const wrong: string[] = [];
  const visit = (at: string) => {
    const stat = statSync(at);
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600))
      wrong.push(`${path.relative(root, at)} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(at)) visit(path.join(at, name));
  };
  visit(dir);
  return wrong;
}

/** What `npm start` does to the data: scripts/prepare.ts, then the server's own start. */
async function start() {
  ownerOnly();
  keepBackupsPrivate();
  const prepare = openDatabase(configuredTarget());
  await prepare.migrate();
  await writeBackupFile(prepare.db, prepare.kind, "before-migration");
  await prepare.close();
  const server = openDatabase(configuredTarget());
  await server.db.execute(sql`select 1`);
  startBackupAccess();
  await server.close();
}

describe("the planner's files", () => {
  it("are its owner's only after a first start, and after a start on a folder left open", async () => {
    // The machine's usual umask: the planner must not rely on it.
    process.umask(0o022);
    await start();
    const files = readdirSync(data);
    expect(files.sort()).toEqual(["backups", "pglite", "pglite.server.json"]);
    expect(openModes(data)).toEqual([]);

    // A folder an older planner wrote: PGlite's files 0666, folders 0755, a backup 0644.
    process.umask(0o022);
    const backup = readdirSync(path.join(data, "backups"))[0]!;
    chmodSync(path.join(data, "pglite"), 0o755);
    chmodSync(path.join(data, "pglite", "base"), 0o755);
    chmodSync(path.join(data, "pglite", "PG_VERSION"), 0o666);
    chmodSync(path.join(data, "backups"), 0o755);
    chmodSync(path.join(data, "backups", backup), 0o644);
    await start();
    expect(openModes(data)).toEqual([]);
  }, 120_000);
});
