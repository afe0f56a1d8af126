/**
 * `npm run remove-demo`: deletes the demo accounts that still open with the published demo password
 * from DATABASE_URL or the PGlite directory, so `npm start` serves it as a real planner. Each leaves
 * as a member does: their surveys, votes and sessions go, and the season's shared records name "A
 * former member".
 */
import { configuredTarget, openDatabase, useDatabase } from "~/platform/db/client.server";
import { ownerOnly } from "~/platform/db/private-files";
import { removeDemoAccounts } from "~/seed.server";

ownerOnly();

const connection = openDatabase(configuredTarget());
useDatabase(connection);
try {
  const removed = await removeDemoAccounts(connection.db);
  console.log(
    removed.length > 0
      ? `Removed ${removed.length} demo accounts: ${removed.join(", ")}.`
      : "No demo account with the published password is left.",
  );
} finally {
  await connection.close();
}
