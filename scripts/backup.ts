/**
 * `npm run backup [FILE]`: every table of the app, with its schema version, in one file (mode 0600;
 * default: a new file in BACKUP_DIR). On PostgreSQL it reads the database directly; on the embedded
 * database a running server owns the directory, so the command asks that server for the backup
 * (docs/decisions/028-backups.md), and opens the directory itself only when no server runs.
 */
import path from "node:path";
import { configuredTarget, openDatabase } from "~/platform/db/client.server";
import { ownerOnly, writePrivateStream } from "~/platform/db/private-files";
import { env } from "~/platform/env.server";
import { backupFileName } from "~/platform/lib/backup-file";
import { recordBackup } from "~/platform/models/backup.server";
import { runningServer, writeBackupFile } from "~/platform/services/backup.server";

ownerOnly();
const config = env();
const requested = process.argv[2];
const started = Date.now();
const server = config.databaseUrl ? undefined : await runningServer();
let written: { file: string; bytes: number };
if (server) {
  const file = path.resolve(requested ?? path.join(config.backupDir, backupFileName("manual", new Date())));
  const response = await fetch(`${server.url}/organiser/backup?file=${encodeURIComponent(file)}`, {
    headers: { Authorization: `Bearer ${server.key}` },
  });
  if (!response.ok) {
    console.error(`The running server did not give the backup (HTTP ${response.status}).`);
    process.exit(1);
  }
  // Written as it arrives, never whole in memory.
  const reader = response.body!.getReader();
  written = await writePrivateStream(file, async (write) => {
    for (let read = await reader.read(); !read.done; read = await reader.read()) await write(read.value);
  });
} else {
  const connection = openDatabase({ ...configuredTarget(), share: false });
  try {
    written = await writeBackupFile(connection.db, connection.kind, "manual", requested);
    await recordBackup(connection.db, "manual", written.file, written.bytes);
  } finally {
    await connection.close();
  }
}
console.log(
  `Backed up the planner to ${written.file} (${Math.round(written.bytes / 1024)} KB, ${Date.now() - started} ms` +
    `${server ? ", from the running server" : ""}). It holds everyone's private data: keep it safe.`,
);
