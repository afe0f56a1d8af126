/**
 * What `npm start` does to the database before the server answers (scripts/prepare.ts): a database
 * holding data is backed up, then brought to this build's schema, then tidied. One function, so the
 * upgrade test runs exactly the start a self-hoster runs.
 */
import type { Connection } from "~/platform/db/client.server";
import { pruneExpired } from "~/platform/models/housekeeping.server";
import { holdsData, pendingMigrations, recordBackup } from "~/platform/models/backup.server";
import { writeBackupFile } from "~/platform/services/backup.server";

export async function prepareDatabase(connection: Connection, log: (line: string) => void = console.log) {
  // A migration may go wrong half-way or be regretted: a database holding data is backed up first.
  const pending = await pendingMigrations(connection.db);
  const before =
    pending.length > 0 && (await holdsData(connection.db))
      ? await writeBackupFile(connection.db, connection.kind, "before-migration")
      : undefined;
  if (before) log(`Backed up the database to ${before.file} before ${pending.length} pending migrations.`);
  // Here, not in the request path: instances starting together take turns (see migratePostgresLocked).
  await connection.migrate();
  log(`Migrations applied (${connection.kind}).`);
  if (before) await recordBackup(connection.db, "before-migration", before.file, before.bytes);
  await pruneExpired(connection.db);
  return { before, migrated: pending.map((entry) => entry.tag) };
}
