/**
 * Everything the planner writes is its owner's only (issue 53): folders 0700, files 0600. The
 * embedded database holds every member's data and the cookie secret, a backup the data, the key
 * file the way in to the running server. PGlite writes its files 0666 whatever the umask (the first
 * start's files come from its own archive), so the folders it owns are put right at every open
 * and close as well.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import {
  chmodSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

const FOLDER = 0o700;
const FILE = 0o600;

/** From here on, whatever this process creates is its owner's only (the start of every entry point). */
export function ownerOnly() {
  process.umask(0o077);
}

/**
 * Makes `dir` and what it holds its owner's only. `owns` picks the entries that are the planner's;
 * the folder itself is changed only when every entry in it is, so a BACKUP_DIR shared with other
 * files keeps its mode.
 */
export function makePrivate(dir: string, owns: (name: string) => boolean = () => true) {
  if (!existsSync(dir)) return;
  const entries = readdirSync(dir, { withFileTypes: true });
  const ours = entries.filter((entry) => owns(entry.name));
  if (ours.length === entries.length) chmodSync(dir, FOLDER);
  for (const entry of ours) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) makePrivate(full);
    else if (entry.isFile()) chmodSync(full, FILE);
  }
}

/** Makes a PGlite data directory its owner's only (created so when new); a folder it does not own is left. */
export function privateDataDirectory(dir: string) {
  mkdirSync(dir, { recursive: true, mode: FOLDER });
  if (existsSync(path.join(dir, "PG_VERSION")) || readdirSync(dir).length === 0) makePrivate(dir);
}

/** Writes `text` to `file` (mode 0600) through a temporary name, so a reader never sees half a file. */
export function writePrivateFile(file: string, text: string): { file: string; bytes: number } {
  const target = path.resolve(file);
  mkdirSync(path.dirname(target), { recursive: true, mode: FOLDER });
  const partial = `${target}.partial`;
  writeFileSync(partial, text, { mode: FILE });
  // An existing file keeps its mode through writeFileSync: make sure it is private.
  chmodSync(partial, FILE);
  renameSync(partial, target);
  return { file: target, bytes: Buffer.byteLength(text) };
}

/** What a streamed write left: the file, its size and its SHA-256 (to check a copy against). */
export type StreamedFile = { file: string; bytes: number; sha256: string };

/**
 * Writes `file` (mode 0600) a piece at a time, as `fill` hands them over (a backup, page by page),
 * through a temporary name like writePrivateFile; each piece waits for the disk to take the one
 * before. A `fill` that throws leaves no file behind.
 */
export async function writePrivateStream(
  file: string,
  fill: (write: (piece: string | Uint8Array) => Promise<void>) => Promise<void>,
): Promise<StreamedFile> {
  const target = path.resolve(file);
  mkdirSync(path.dirname(target), { recursive: true, mode: FOLDER });
  const partial = `${target}.partial`;
  const out = createWriteStream(partial, { mode: FILE });
  const hash = createHash("sha256");
  let bytes = 0;
  try {
    await once(out, "open");
    await fill(async (piece) => {
      const chunk = typeof piece === "string" ? Buffer.from(piece) : piece;
      hash.update(chunk);
      bytes += chunk.length;
      if (!out.write(chunk)) await once(out, "drain");
    });
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
  chmodSync(partial, FILE);
  renameSync(partial, target);
  return { file: target, bytes, sha256: hash.digest("hex") };
}

/** The SHA-256 of a file, read a piece at a time. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
