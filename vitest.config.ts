import path from "node:path";
import { defineConfig } from "vitest/config";

const UNIT_TESTS = ["app/**/lib/**/*.test.{ts,tsx}"];
const DB_TESTS = ["app/**/*.integration.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"];

// Every test runs on in-memory PGlite; the database tests run a second time on real Postgres when
// TEST_DATABASE_URL names a server (CI does), each file in a database of its own. Both start from a
// database migrated once per run (tests/support/global-setup.ts).
export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    environment: "node",
    testTimeout: 20_000,
    // Vitest's default on a two-core machine is one file at a time; two keep both cores busy while a
    // file waits on PostgreSQL (205 s became 182 s for both projects here).
    maxWorkers: 2,
    hookTimeout: 60_000,
    projects: [
      {
        // Pure logic (no I/O, no module state): one worker's modules serve every file, instead of
        // each file importing the app again.
        extends: true as const,
        test: { name: "unit", include: UNIT_TESTS, isolate: false },
      },
      {
        extends: true as const,
        test: {
          name: "pglite",
          globalSetup: ["tests/support/global-setup.ts"],
          include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          exclude: UNIT_TESTS,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include: DB_TESTS,
                env: { TEST_DB: "postgres" },
                globalSetup: ["tests/support/global-setup.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
