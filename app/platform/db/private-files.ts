/**
 * Everything the planner writes is its owner's only (issue 53): folders 0700, files 0600. The
 * embedded database holds every member's data and the cookie secret, a backup the data, the key
 * file the way in to the running server. PGlite writes its files 0666 whatever the umask (the first
 * start's files come from its own archive), so the folders it owns are put right at every open
 * and close as well.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from "node:fs";
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
