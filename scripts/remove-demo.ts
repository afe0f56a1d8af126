/**
 * `npm run remove-demo`: deletes the demo accounts that still open with the published demo password
 * from DATABASE_URL or the PGlite directory, so `npm start` serves it as a real planner. Their
 * surveys and votes go with them; houses and the rest stay.
 */
import { configuredTarget, openDatabase } from "~/platform/db/client.server";
import { removeDemoAccounts } from "~/seed.server";

const connection = openDatabase(configuredTarget());
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
