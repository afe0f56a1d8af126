/**
 * For restore.spec.ts (issues 54, 55): the empty planners it restores into or starts afresh, each migrated as a first
 * start leaves it with its set-up link written where the spec reads it (the real start prints it to
 * the log), and a backup of the seeded demo season to restore. One process for all, run by server.mjs.
 * Arguments: the seeded directory, the backup file to write, then each empty app's `dir=port`.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase, useDatabase } from "~/platform/db/client.server";
import { takeBackup } from "~/platform/models/backup.server";
import { issueSetupLink } from "~/features/accounts/index.server";
import { planFirstEdition } from "~/features/season/index.server";
import { dayIn } from "~/features/season/lib/season-state";
import { env } from "~/platform/env.server";

const [seeded, backupFile, ...apps] = process.argv.slice(2);
const source = openDatabase({ pgliteDir: seeded!, share: false });
writeFileSync(backupFile!, await takeBackup(source.db, "pglite"));
await source.close();
for (const app of apps) {
  const [dir, port] = app.split("=");
  const connection = openDatabase({ pgliteDir: dir!, share: false });
  await connection.migrate();
  useDatabase(connection);
  // As the real start does (scripts/prepare.ts): a planner nobody has used plans a weekend ahead.
  await planFirstEdition(dayIn(new Date(), env().eventTimeZone));
  const token = await issueSetupLink();
  useDatabase(undefined);
  await connection.close();
  writeFileSync(path.join(path.dirname(backupFile!), `setup-link-${port}.txt`), token ?? "");
}
