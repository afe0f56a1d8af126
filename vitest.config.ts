import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

// A file that opens a database is named `*.integration.test.ts`; every other test file is a unit test.
const ALL_TESTS = [
  "app/**/*.test.{ts,tsx}",
  "tests/integration/**/*.test.{ts,tsx}",
  "tests/unit/**/*.test.ts",
  "scripts/**/*.test.ts",
];
const DATABASE_TESTS = ["**/*.integration.test.{ts,tsx}"];

/**
 * The integration files that run a second time on PostgreSQL: those whose SQL behaves differently
 * there. PGlite is the same engine on one connection, so what it cannot show is transactions racing
 * (row and advisory locks, claims made once, unique keys hit at the same moment), LISTEN/NOTIFY
 * between instances, and a constraint's refusal as the postgres driver reports it. Named by file, so
 * a file may move; a name that matches no file stops the run. docs/testing.md says why each.
 */
const ON_POSTGRES = [
  "client.integration.test.ts", // four instances migrate one database under the advisory lock
  "table-changes.integration.test.ts", // LISTEN/NOTIFY between two instances
  "kept-submission.integration.test.ts", // 30 logins claim one kept submission
  "rate-limit.integration.test.ts", // concurrent hits and slot claims
  "plan.integration.test.ts", // two claims of one reminder round
  "notices.integration.test.ts", // two notice runs at once
  "account.integration.test.ts", // a taken address: the unique index's refusal (23505)
  "api.auth.integration.test.ts", // concurrent logins against the limits
  "api.votes.integration.test.ts", // 50 votes at once, one member's parallel changes
  "edition-rollover-race.integration.test.ts", // row locks: saves racing a roll-over
  "editions.integration.test.ts", // two roll-overs at once
  "houses.integration.test.ts", // 30 logins save one kept suggestion once
  "money.integration.test.ts", // 20 posts of one payment, two edits of one version
  "organiser-announce.integration.test.ts", // two announce posts at once
  "organiser-coorganisers.integration.test.ts", // two organisers remove each other at once
  "organiser-invite.integration.test.ts", // posts inviting one address at once
  "organiser-reminder.integration.test.ts", // a double-clicked retry
  "organiser-tidy.integration.test.ts", // two organisers delete each other at once
  "trip.integration.test.ts", // 10 accepts for 3 seats, two instances' timeline runs
  "shared-records.integration.test.ts", // a member an expense names: the RESTRICT key's refusal (23001)
  // The attacks of the fifth security round run on both, as the round asks: a leaving member's
  // records against the server's RESTRICT keys, settle-up records and every prototype-named intent.
  "former-member.integration.test.ts",
  "money-settle.integration.test.ts",
  "intent-dispatch.integration.test.ts",
  "backup.integration.test.ts", // two instances claim one nightly backup; a restore on the server
  "backup-hostile.integration.test.ts", // a hostile row the server refuses, as the postgres driver reports it
  "upgrade-older.integration.test.ts", // every older schema started and restored on the server, as issue 54 asks
  "upgrade-newer.integration.test.ts",
  // The season's one state, as issue 45 asks: every page's, mail's and job's reading on both kinds.
  "season-state.integration.test.ts",
];
const appFiles = readdirSync(path.resolve(__dirname, "app"), { recursive: true }).map(String);
// A file that replaces a module (vi.mock) needs an import of the app of its own: the modules the
// other files loaded hold the real one. Found by reading the files, so a new one cannot be missed.
const MOCKING_FILES = appFiles
  .filter((file) => /\.integration\.test\.tsx?$/.test(file))
  .map((file) => path.join("app", file))
  .filter((file) => readFileSync(path.resolve(__dirname, file), "utf8").includes("vi.mock("));
const POSTGRES_TESTS = ON_POSTGRES.map((name) => {
  const found = appFiles.filter((file) => path.basename(file) === name);
  if (found.length !== 1) throw new Error(`ON_POSTGRES: ${name} names ${found.length} files in app/`);
  return path.join("app", found[0]);
});

// Every test runs on in-memory PGlite; the files in ON_POSTGRES run a second time on real
// PostgreSQL when TEST_DATABASE_URL names a server (CI does), each file in a database of its own.
// Both start from a database migrated once per run (tests/support/global-setup.ts).
export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    environment: "node",
    testTimeout: 20_000,
    // Vitest's default on a two-core machine is one file at a time; two keep both cores busy while a
    // file waits on PostgreSQL (205 s became 182 s for both projects here).
    maxWorkers: 2,
    hookTimeout: 60_000,
    // One import of the app per worker, not per file: each file starts as a fresh process would
    // (tests/support/fresh-process.ts forgets every module's state and restores the environment).
    isolate: false,
    setupFiles: ["tests/support/fresh-process.ts"],
    projects: [
      // `npm run test:unit`: no database.
      { extends: true as const, test: { name: "unit", include: ALL_TESTS, exclude: DATABASE_TESTS } },
      // `npm run test:db`: every database test on in-memory PGlite, and (below) on PostgreSQL.
      {
        extends: true as const,
        test: {
          name: "pglite",
          globalSetup: ["tests/support/global-setup.ts"],
          include: DATABASE_TESTS,
          exclude: MOCKING_FILES,
        },
      },
      {
        extends: true as const,
        test: {
          name: "pglite-mocks",
          globalSetup: ["tests/support/global-setup.ts"],
          include: MOCKING_FILES,
          isolate: true,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include: POSTGRES_TESTS,
                env: { TEST_DB: "postgres" },
                globalSetup: ["tests/support/global-setup.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
