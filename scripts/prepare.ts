/**
 * Runs before the server on `npm start` and `npm run demo`: builds the app when the build is stale
 * and applies pending migrations. `npm start` is the real planner: it never creates an account, it
 * refuses a database holding demo accounts (marked by the demo's seed, whatever NODE_ENV says: a test
 * or staging start serves the same published password), and while no organiser exists it prints a
 * one-time set-up link for the first one.
 * `npm run demo` (SGW_DEMO=1, its own directory) loads the demo season into an empty database.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { execSync } from "node:child_process";
import path from "node:path";
import { configuredTarget, openDatabase, useDatabase } from "~/platform/db/client.server";
import { ownerOnly } from "~/platform/db/private-files";
import { keepBackupsPrivate } from "~/platform/services/backup.server";
import { prepareDatabase } from "~/platform/services/start.server";
import {
  DEMO_MEMBER_EMAILS,
  DEMO_ORGANISER_EMAIL,
  DEMO_PASSWORD,
  isEmpty,
  openDemoAccounts,
  seedDemoData,
} from "~/seed.server";
import { env } from "~/platform/env.server";
import { issueSetupLink } from "~/features/accounts/index.server";
import { planFirstEdition } from "~/features/season/index.server";
import { dayIn } from "~/features/season/lib/season-state";

// A bad configuration stops here, before the build and the migration.
env();
// What the planner writes (the database, backups, the key file) is its owner's only (issue 53);
// a folder an older planner left open is put right (the database's when it is opened below).
ownerOnly();
keepBackupsPrivate();

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

const config = env();

const connection = openDatabase(configuredTarget());
await prepareDatabase(connection);
if (config.demo) {
  if (await isEmpty(connection.db)) {
    // Its demo organiser may use the organiser pages at once, and its season is decided, so the
    // money and trip pages have something to show. The features write through the app's
    // database: this connection, for this process.
    useDatabase(connection);
    // Its season is set relative to today (the weekend about three weeks ahead), so it looks alive.
    await seedDemoData(connection.db, {
      confirmOrganisers: true,
      season: true,
      today: dayIn(new Date(), config.eventTimeZone),
    });
    useDatabase(undefined);
    console.log(`Seeded the demo season into ${config.pgliteDir}.`);
  }
  console.log(
    `This is the demo, not a real planner. Log in as ${DEMO_MEMBER_EMAILS.join(", ")} or ` +
      `${DEMO_ORGANISER_EMAIL} (the organiser), password ${DEMO_PASSWORD}.`,
  );
} else if ((await openDemoAccounts(connection.db, { first: true })).length > 0) {
  // Their password is published: on a real deployment anyone could log in as them.
  console.error(
    "This database holds the demo accounts (alex@example.com … organiser@example.com), whose\n" +
      "password is published, so anyone could log in as them. Remove them with `npm run remove-demo`\n" +
      "(same DATABASE_URL / PGLITE_DIR), or serve the demo with `npm run demo`.",
  );
  await connection.close();
  process.exit(1);
} else {
  useDatabase(connection);
  // A planner nobody has used yet plans the first edition whose weekend is ahead (issue 55).
  const first = await planFirstEdition(dayIn(new Date(), config.eventTimeZone));
  if (first) console.log(`A new planner: the first edition is ${first.shortName} (${first.year}).`);
  const token = await issueSetupLink();
  useDatabase(undefined);
  // Only the server's log shows it: whoever reads it runs the server, and may make the first organiser.
  if (token) {
    console.log(
      `No organiser yet. Open ${config.appUrl}/setup?token=${token} to create the first organiser\n` +
        "(single use, for 24 hours; every start prints a new link and the one before stops working).",
    );
  }
}
await connection.close();
