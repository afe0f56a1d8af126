/**
 * `npm run bench:backup`: how long a backup and a restore take, and how big the file is, for the
 * bench's data (200 members, 50 houses, a decided season with 40 on the trip and 300 expenses), on
 * PGlite and, when BENCH_DATABASE_URL names a PostgreSQL server, there too (a database of its own,
 * dropped after). The numbers go in docs/decisions/028-backups.md. A script, not a test.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase, type Connection, type DatabaseTarget } from "~/platform/db/client.server";
import { takeBackup } from "~/platform/models/backup.server";
import { restoreBackup } from "~/platform/models/restore.server";
import { BENCH_SEASON, seed } from "./bench-support";

const dir = mkdtempSync(path.join(tmpdir(), "sgw-bench-backup-"));
const adminUrl = process.env.BENCH_DATABASE_URL;
const created: string[] = [];

async function newPostgres(): Promise<DatabaseTarget> {
  const name = `sgw_bench_backup_${process.pid}_${created.length}`;
  const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  created.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return { url: url.toString(), share: false };
}

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  console.log(`${label}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

async function measure(kind: string, source: DatabaseTarget, empty: () => Promise<DatabaseTarget>) {
  await seed(source, 200, 50, () => "", BENCH_SEASON);
  const from: Connection = openDatabase({ ...source, share: false });
  const text = await timed(`${kind}: backup`, () => takeBackup(from.db, from.kind));
  await from.close();
  console.log(`${kind}: file ${Buffer.byteLength(text)} bytes, ${text.split("\n").length - 1} lines`);
  for (let round = 1; round <= 3; round++) {
    const into = openDatabase(await empty());
    // A first start's migrations (and PGlite's initdb) apart from the restore itself.
    await timed(`${kind}: round ${round}: create and migrate an empty database`, () => into.migrate());
    await timed(`${kind}: round ${round}: restore`, () => restoreBackup(into, text));
    await into.close();
  }
}

try {
  let n = 0;
  await measure("PGlite", { pgliteDir: path.join(dir, "source") }, async () => ({
    pgliteDir: path.join(dir, `restore-${n++}`),
  }));
  if (adminUrl) await measure("PostgreSQL", await newPostgres(), newPostgres);
} finally {
  if (adminUrl) {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    for (const name of created) await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
  rmSync(dir, { recursive: true, force: true });
}
