/**
 * Backup files on the server's disk: the nightly one (claimed in the database, so one instance
 * takes it), the one before migrations, `npm run backup`; the newest BACKUP_KEEP are kept. Each
 * file holds every member's private data, so it is written readable by the machine's user only.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream, existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { getDb } from "~/platform/db/client.server";
import type { Db } from "~/platform/db/client.server";
import {
  fileSha256,
  makePrivate,
  writePrivateFile,
  writePrivateStream,
  type StreamedFile,
} from "~/platform/db/private-files";
import { keepsState } from "~/platform/lib/module-state";
import { env } from "~/platform/env.server";
import { BACKUP_FILE_PATTERN, backupFileName } from "~/platform/lib/backup-file";
import { deadlineInputValues } from "~/platform/lib/deadline";
import {
  claimNightly,
  finishNightly,
  backupProblem,
  lastBackup,
  noteBackupProblem,
  recordBackup,
  releaseNightly,
  writeBackup,
} from "~/platform/models/backup.server";
import { startTicker } from "~/platform/services/ticker.server";

type Kind = "nightly" | "before-migration" | "manual";

/**
 * Takes a backup of `db` into BACKUP_DIR (or `file`), a page of rows at a time (never the whole
 * backup in memory: a year of receipts and photos), then keeps the newest BACKUP_KEEP there. A
 * nightly or pre-migration backup also goes to BACKUP_COPY_DIR; `copyFailed` says why it did not.
 */
export async function writeBackupFile(db: Db, from: "postgres" | "pglite", kind: Kind, file?: string) {
  const config = env();
  const written = await writePrivateStream(
    file ?? path.join(config.backupDir, backupFileName(kind, new Date())),
    (write) => writeBackup(db, from, write),
  );
  if (!file) pruneBackups(config.backupDir, config.backupKeep);
  const copyFailed =
    config.backupCopyDir && kind !== "manual"
      ? await copyBackup(written, path.join(config.backupCopyDir, path.basename(written.file)))
      : undefined;
  return { file: written.file, bytes: written.bytes, copyFailed };
}

/**
 * Writes the second copy and reads it back: a stick pulled out or a share gone read-only shows
 * here, not on the day the copy is needed. The reason it failed, or undefined.
 */
async function copyBackup(source: StreamedFile, file: string): Promise<string | undefined> {
  const dir = path.dirname(file);
  // A mount point that is not there must not be made on the machine's own disk instead.
  if (!existsSync(dir)) return `The backup copy folder ${dir} (BACKUP_COPY_DIR) does not exist.`;
  try {
    await writePrivateStream(file, async (write) => {
      for await (const chunk of createReadStream(source.file)) await write(chunk as Buffer);
    });
    if ((await fileSha256(file)) !== source.sha256) {
      return `The backup copy in ${dir} does not read back as written.`;
    }
    pruneBackups(dir, env().backupKeep);
    return undefined;
  } catch (error) {
    return `The backup could not be copied to ${dir} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`;
  }
}

/** The backups in BACKUP_DIR made their owner's only (a start puts right what an older planner left open). */
export function keepBackupsPrivate(dir = env().backupDir) {
  makePrivate(dir, (name) => BACKUP_FILE_PATTERN.test(name.replace(/\.partial$/, "")));
}

function pruneBackups(dir: string, keep: number) {
  const files = readdirSync(dir)
    .filter((name) => BACKUP_FILE_PATTERN.test(name))
    .sort();
  for (const name of files.slice(0, Math.max(0, files.length - keep))) rmSync(path.join(dir, name));
}

/** Not before this hour (event time zone): a night's backup, not one at every afternoon start. */
const NIGHTLY_FROM_HOUR = 3;

/** Takes the day's backup if it is due and no instance has claimed it. */
export async function runNightlyBackup(from: "postgres" | "pglite", now = new Date()) {
  const { date, time } = deadlineInputValues(now, env().eventTimeZone);
  if (Number(time.slice(0, 2)) < NIGHTLY_FROM_HOUR) return undefined;
  const db = await getDb();
  const id = await claimNightly(db, date);
  if (id === undefined) return undefined;
  try {
    const written = await writeBackupFile(db, from, "nightly");
    await finishNightly(db, id, written.file, written.bytes);
    // What the organisers are told (features/organiser's backup watch) reads this note.
    await noteBackupProblem(db, written.copyFailed);
    return written;
  } catch (error) {
    // A full disk or a missing folder: a later run that day tries again.
    await releaseNightly(db, id);
    await noteBackupProblem(db, `The nightly backup could not be written (${reasonOf(error)}).`);
    throw error;
  }
}

function reasonOf(error: unknown) {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === "string" ? code : String(message ?? error).split("\n")[0];
}

/** Past this age a backup counts as stopped (a night missed and then some), and the organisers hear. */
export const BACKUP_STALE_HOURS = 36;

/**
 * How the backups stand: the newest one's time and age, and what is wrong, if anything (the last
 * nightly backup or its copy failed, or the newest backup is older than BACKUP_STALE_HOURS). A
 * planner that has not had its first night yet has no backup and nothing wrong.
 */
export async function backupState(now = new Date()) {
  const db = await getDb();
  const [newest, problem] = await Promise.all([lastBackup(db), backupProblem(db)]);
  const at = newest?.finishedAt ?? undefined;
  const ageHours = at ? Math.max(0, (now.getTime() - at.getTime()) / 3_600_000) : undefined;
  const stale =
    ageHours !== undefined && ageHours > BACKUP_STALE_HOURS
      ? `The newest backup is ${Math.floor(ageHours)} hours old: no backup has been written since.`
      : undefined;
  return { at, ageHours, problem: problem?.reason ?? stale };
}

export function startNightlyBackups() {
  const from = env().databaseUrl ? "postgres" : "pglite";
  startTicker("The nightly backup", () => runNightlyBackup(from), {
    everyMs: 15 * 60_000,
    firstAfterMs: 60_000,
  });
}

/**
 * `npm run backup` on the embedded database asks the running server, which owns the data
 * directory. The server makes a random key at each start and writes it, with its address, to a
 * file beside the directory that only the machine's user can read; a request carrying that key is
 * the machine's own. Visitors cannot read the file, and without the key the route is the
 * organiser's (docs/decisions/028-backups.md).
 */
export function backupAccessFile(pgliteDir = env().pgliteDir) {
  return `${path.resolve(pgliteDir)}.server.json`;
}

const access: { keyHash?: Buffer } = {};
keepsState(() => {
  access.keyHash = undefined;
});

export function startBackupAccess() {
  const config = env();
  if (config.databaseUrl) return;
  const key = randomBytes(32).toString("base64url");
  access.keyHash = createHash("sha256").update(key).digest();
  const host =
    process.env.HOST && !["0.0.0.0", "::"].includes(process.env.HOST) ? process.env.HOST : "127.0.0.1";
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${config.port}`;
  writePrivateFile(backupAccessFile(), JSON.stringify({ url, key, pid: process.pid }));
}

/** Whether the request carries this server's machine key (constant-time: nothing to learn by timing). */
export function isMachineRequest(request: Request): boolean {
  const header = request.headers.get("Authorization") ?? "";
  if (!access.keyHash || !header.startsWith("Bearer ")) return false;
  const given = createHash("sha256").update(header.slice("Bearer ".length)).digest();
  return timingSafeEqual(given, access.keyHash);
}

/** For the organiser's overview: when the last backup was written, and where. */
export async function lastBackupTaken() {
  const row = await lastBackup(await getDb());
  return row ? { at: row.finishedAt!, file: row.file, kind: row.kind } : undefined;
}

/** The server serving this PGlite directory, if one answers at the address it wrote. */
export async function runningServer(pgliteDir = env().pgliteDir) {
  let written: { url: string; key: string };
  try {
    written = JSON.parse(readFileSync(backupAccessFile(pgliteDir), "utf8")) as typeof written;
  } catch {
    return undefined;
  }
  try {
    await fetch(`${written.url}/healthz`, { signal: AbortSignal.timeout(5000) });
    return written;
  } catch {
    // Nothing listens there: the server that wrote the file has stopped.
    return undefined;
  }
}

/**
 * A backup of the app's database as a stream of text, a page of rows at a time (the organiser's
 * download, or the file `npm run backup` writes at `recordAs`, recorded once the last piece is out).
 * A reader that goes away stops the reads; a failure mid-way ends the stream with an error, and a
 * file without its end line is one no restore accepts.
 */
export async function backupStream(recordAs?: string): Promise<ReadableStream<Uint8Array>> {
  const db = await getDb();
  const from = env().databaseUrl ? "postgres" : "pglite";
  const pipe = new TransformStream<string, string>();
  const writer = pipe.writable.getWriter();
  let bytes = 0;
  let begun: () => void = () => undefined;
  const header = new Promise<void>((resolve) => (begun = resolve));
  const written = writeBackup(db, from, async (piece) => {
    begun();
    bytes += Buffer.byteLength(piece);
    await writer.ready;
    await writer.write(piece);
  }).then(async () => {
    if (recordAs) await recordBackup(db, "manual", recordAs, bytes);
    await writer.close();
  });
  // What fails before the first line (the database away, a database never migrated) is the
  // request's answer, as before; what fails after it ends the stream with an error.
  await Promise.race([header, written]);
  written.catch((error: unknown) => writer.abort(error).catch(() => undefined));
  return pipe.readable.pipeThrough(new TextEncoderStream());
}
