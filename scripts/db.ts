/** `npm run db:migrate` and `npm run db:seed`: against DATABASE_URL, else the PGlite directory. */
import { openDatabase } from "~/db/client.server";
import { seedDemoData } from "~/models/seed.server";
import { env } from "~/env.server";

const command = process.argv[2];
const config = env();
const connection = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: config.pgliteDir },
);
console.log(`Migrations applied (${connection.kind}).`);
if (command === "seed") {
  await seedDemoData(connection.db);
  console.log("Demo data loaded (password for every demo member: sgw25-demo).");
}
await connection.close();
