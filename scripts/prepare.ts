/**
 * Runs before the server on `npm start`: builds the app when no build exists, applies pending
 * migrations and, on an empty embedded database, loads the demo data so a first visit shows a
 * living app. With DATABASE_URL set the database is never seeded implicitly.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { execSync } from "node:child_process";
import path from "node:path";
import { configuredTarget, openDatabase, useDatabase } from "~/platform/db/client.server";
import { pruneExpired } from "~/platform/models/housekeeping.server";
import { isEmpty, seedDemoData } from "~/seed.server";
import { env } from "~/platform/env.server";

// A bad configuration stops here, before the build and the migration.
env();

function newestChange(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs;
    return Math.max(newest, time);
  }, 0);
}

function buildIsStale() {
  if (!existsSync("build/index.js")) return true;
  return newestChange("app") > statSync("build/index.js").mtimeMs;
}

if (buildIsStale()) {
  console.log("Building the app…");
  execSync("npm run build", { stdio: "inherit" });
}

const connection = openDatabase(configuredTarget());
// Here, not in the request path: instances starting together take turns (see migratePostgresLocked).
await connection.migrate();
console.log(`Migrations applied (${connection.kind}).`);
await pruneExpired(connection.db);
if (connection.kind === "pglite" && (await isEmpty(connection.db))) {
  // A fresh embedded demo database: its demo organiser may use the organiser pages at once, and its
  // season is decided, so the money and trip pages have something to show. The features write
  // through the app's database: this connection, for this process.
  useDatabase(connection);
  await seedDemoData(connection.db, { confirmOrganisers: true, season: true });
  useDatabase(undefined);
  console.log("Seeded demo data: log in as alex@example.com / sgw25-demo.");
}
await connection.close();
