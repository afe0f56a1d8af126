/** `npm run db:migrate` and `npm run db:seed`: against DATABASE_URL, else the PGlite directory. */
import { configuredTarget, openDatabase } from "~/platform/db/client.server";
import { ownerOnly } from "~/platform/db/private-files";
import { isEmpty, seedDemoData } from "~/seed.server";

ownerOnly();
const command = process.argv[2];
const connection = openDatabase(configuredTarget());
await connection.migrate();
console.log(`Migrations applied (${connection.kind}).`);
if (command === "seed") {
  // Only a fresh embedded demo database gets a confirmed demo organiser, never a real database.
  const confirmOrganisers = connection.kind === "pglite" && (await isEmpty(connection.db));
  await seedDemoData(connection.db, { confirmOrganisers });
  console.log("Demo data loaded (password for every demo member: sgw25-demo).");
}
await connection.close();
