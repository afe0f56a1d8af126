/**
 * What is running (issue 54): package.json's version and, when known, the commit. The commit comes
 * from SOURCE_COMMIT (set by whoever builds an image without .git) or from the checkout's .git
 * files, read directly: a machine without git, or an unpacked archive without .git, has no commit
 * and says so, never fails.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { getDb } from "~/platform/db/client.server";
import { appliedVersion } from "~/platform/models/backup.server";

function readText(file: string) {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}

function gitCommit(root: string): string | undefined {
  let gitDir = path.join(root, ".git");
  // A worktree's .git is a file naming the real folder.
  const pointer = readText(gitDir);
  if (pointer?.startsWith("gitdir:")) gitDir = path.resolve(root, pointer.slice("gitdir:".length).trim());
  const head = readText(path.join(gitDir, "HEAD"));
  if (!head) return undefined;
  if (!head.startsWith("ref:")) return head;
  const ref = head.slice("ref:".length).trim();
  const common = readText(path.join(gitDir, "commondir"));
  const dirs = [gitDir, ...(common ? [path.resolve(gitDir, common)] : [])];
  for (const dir of dirs) {
    const loose = readText(path.join(dir, ref));
    if (loose) return loose;
    const packed = readText(path.join(dir, "packed-refs"))
      ?.split("\n")
      .find((line) => line.endsWith(` ${ref}`));
    if (packed) return packed.split(" ")[0];
  }
  return undefined;
}

/** "1.0.0 (commit 3d3dba3)", or "1.0.0" when the commit is not known. */
export function runningVersion(root = process.cwd()): string {
  const pkg = JSON.parse(readText(path.join(root, "package.json")) ?? "{}") as { version?: string };
  const commit = (process.env.SOURCE_COMMIT || gitCommit(root))?.slice(0, 7);
  return `${pkg.version ?? "unknown"}${commit && /^[0-9a-f]{7}$/i.test(commit) ? ` (commit ${commit})` : ""}`;
}

/** The database's schema: the last migration applied to it. */
export async function databaseSchema(): Promise<string> {
  return (await appliedVersion(await getDb()))?.migration ?? "not migrated";
}
