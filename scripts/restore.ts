/**
 * `npm run restore FILE`: loads a backup into an empty database (DATABASE_URL, else PGLITE_DIR),
 * PostgreSQL or embedded, whichever the backup came from. Whatever goes wrong (a file that is not a
 * backup or was changed, a database holding data, a backup from a newer planner, a database that
 * cannot be opened) is said in one line, nothing is restored, and the exit code is 1.
 */
import { readFileSync } from "node:fs";
import { configuredTarget, openDatabase, type Connection } from "~/platform/db/client.server";
import { ownerOnly } from "~/platform/db/private-files";
import { env } from "~/platform/env.server";
import { BackupRefused, parseBackup } from "~/platform/lib/backup-file";
import { restoreBackup } from "~/platform/models/restore.server";
import { runningServer } from "~/platform/services/backup.server";

ownerOnly();
const file = process.argv[2];
const started = Date.now();
let connection: Connection | undefined;
try {
  if (!file) throw new BackupRefused("Name the backup file: npm run restore FILE.");
  const text = readBackup(file);
  // A file that is not a backup is refused before any database is opened, or made.
  parseBackup(text);
  const config = env();
  // One process owns an embedded directory: never write under a running server.
  if (!config.databaseUrl && (await runningServer())) {
    throw new BackupRefused(`The planner is running on ${config.pgliteDir}: stop it first, then restore.`);
  }
  connection = openDatabase({ ...configuredTarget(), share: false });
  const restored = await restoreBackup(connection, text);
  console.log(
    `Restored ${restored.rows} rows in ${restored.tables} tables from ${file} into ` +
      `${config.databaseUrl ? "PostgreSQL" : config.pgliteDir} (schema ${restored.schema.migration}` +
      `${restored.migrated ? `, then ${restored.migrated} newer migrations` : ""}; ${Date.now() - started} ms). ` +
      `Organisers it names: ${restored.organisers.join(", ") || "none"} (besides ADMIN_EMAILS); ` +
      "everyone signs in again.",
  );
} catch (error) {
  console.error(`${reason(error)} Nothing was restored.`);
  process.exitCode = 1;
} finally {
  await connection?.close().catch(() => {});
}

function readBackup(name: string) {
  try {
    return readFileSync(name, "utf8");
  } catch (error) {
    throw new BackupRefused(
      `Cannot read ${name} (${(error as NodeJS.ErrnoException).code ?? "unreadable"}).`,
    );
  }
}

/** One line: what a refusal says, or the first line of anything else that went wrong. */
function reason(error: unknown) {
  if (error instanceof BackupRefused) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `The restore failed: ${message.split("\n")[0]}.`;
}
