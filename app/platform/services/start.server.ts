/**
 * What `npm start` does to the database before the server answers (scripts/prepare.ts): a database
 * holding data is backed up, then brought to this build's schema, then tidied. One function, so the
 * upgrade test runs exactly the start a self-hoster runs.
 */
import type { Connection } from "~/platform/db/client.server";
import { pruneExpired } from "~/platform/models/housekeeping.server";
import {
  appliedVersion,
  holdsData,
  noteBackupProblem,
  pendingMigrations,
  recordBackup,
} from "~/platform/models/backup.server";
import { writeBackupFile } from "~/platform/services/backup.server";
import { runningVersion } from "~/platform/services/version.server";

export async function prepareDatabase(connection: Connection, log: (line: string) => void = console.log) {
  // A migration may go wrong half-way or be regretted: a database holding data is backed up first.
  const pending = await pendingMigrations(connection.db);
  const before =
    pending.length > 0 && (await holdsData(connection.db))
      ? await writeBackupFile(connection.db, connection.kind, "before-migration")
      : undefined;
  if (before) log(`Backed up the database to ${before.file} before ${pending.length} pending migrations.`);
  // A copy that failed does not stop the upgrade (the backup itself is written); it is said now
  // and noted for the organisers once the database has the note's table.
  if (before?.copyFailed) log(before.copyFailed);
  // Here, not in the request path: instances starting together take turns (see migratePostgresLocked).
  const from = (await appliedVersion(connection.db))?.migration;
  await connection.migrate();
  const schema = (await appliedVersion(connection.db))?.migration ?? "none";
  log(`Migrations applied (${connection.kind}).`);
  // What is running and what the start changed, for whoever reads the log after an upgrade.
  log(
    `SGW25 planner ${runningVersion()}, database schema ${schema}` +
      (pending.length
        ? ` (migrated from ${from ?? "an empty database"}: ${pending.map((entry) => entry.tag).join(", ")}).`
        : " (nothing to migrate)."),
  );
  if (before) await recordBackup(connection.db, "before-migration", before.file, before.bytes);
  if (before?.copyFailed) await noteBackupProblem(connection.db, before.copyFailed);
  await pruneExpired(connection.db);
  return { before, migrated: pending.map((entry) => entry.tag), schema };
}
