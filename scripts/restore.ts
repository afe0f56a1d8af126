/**
 * `npm run restore FILE`: loads a backup into an empty database (DATABASE_URL, else PGLITE_DIR),
 * PostgreSQL or embedded, whichever the backup came from. A database holding members or houses,
 * or a backup from a newer planner, is refused with a message and nothing changes.
 */
import { readFileSync } from "node:fs";
import { configuredTarget, openDatabase } from "~/platform/db/client.server";
import { env } from "~/platform/env.server";
import { BackupRefused } from "~/platform/lib/backup-file";
import { restoreBackup } from "~/platform/models/restore.server";
import { runningServer } from "~/platform/services/backup.server";

const file = process.argv[2];
if (!file) {
  console.error("Name the backup file: npm run restore FILE");
  process.exit(1);
}
const config = env();
// One process owns an embedded directory: never write under a running server.
if (!config.databaseUrl && (await runningServer())) {
  console.error(`The planner is running on ${config.pgliteDir}: stop it first, then restore.`);
  process.exit(1);
}
const started = Date.now();
const connection = openDatabase({ ...configuredTarget(), share: false });
try {
  const restored = await restoreBackup(connection, readFileSync(file, "utf8"));
  console.log(
    `Restored ${restored.rows} rows in ${restored.tables} tables from ${file} into ` +
      `${config.databaseUrl ? "PostgreSQL" : config.pgliteDir} (schema ${restored.schema.migration}` +
      `${restored.migrated ? `, then ${restored.migrated} newer migrations` : ""}; ${Date.now() - started} ms).`,
  );
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await connection.close();
}
