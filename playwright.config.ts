import { defineConfig, devices } from "@playwright/test";

const port = process.env.E2E_PORT ?? "3100";
const chromium = {
  // Debian's Chromium: Playwright never downloads a browser of its own here.
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

const js = { ...devices["Desktop Chrome"], launchOptions: chromium };
const noJs = { ...js, javaScriptEnabled: false };
const STATE_SPECS = /organiser-state\.spec\.ts$/;
const LONG_DATA_SPECS = /long-data\.spec\.ts$/;
const EDITIONS_SPECS = /editions\.spec\.ts$/;
const editionsURL = `http://localhost:${Number(port) + 4}`;
const SEASON_SPECS = /season-state\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // A time-out catches a hang, not slowness: CI's machine may be busy, so it waits longer there.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: chromium,
  },
  projects: [
    { name: "js", testIgnore: [STATE_SPECS, LONG_DATA_SPECS, SEASON_SPECS, EDITIONS_SPECS], use: js },
    { name: "no-js", testIgnore: [STATE_SPECS, LONG_DATA_SPECS, SEASON_SPECS, EDITIONS_SPECS], use: noJs },
    // Specs that change app-wide state (a closed survey, the reminder round) run after everything
    // else and one project at a time, so no other spec on the shared server ever sees that state.
    { name: "no-js-state", testMatch: STATE_SPECS, dependencies: ["js", "no-js"], use: noJs },
    { name: "js-state", testMatch: STATE_SPECS, dependencies: ["no-js-state"], use: js },
    // Members and a house with the longest text each field takes: added last, so no other spec's
    // counts or lists ever meet them.
    { name: "no-js-long", testMatch: LONG_DATA_SPECS, dependencies: ["js-state"], use: noJs },
    { name: "js-long", testMatch: LONG_DATA_SPECS, dependencies: ["no-js-long"], use: js },
    // The organiser's season (decision, announcements, invitations, deletions) changes what every
    // page shows: after the other state specs, again one project at a time.
    { name: "no-js-season", testMatch: SEASON_SPECS, dependencies: ["js-long"], use: noJs },
    { name: "js-season", testMatch: SEASON_SPECS, dependencies: ["no-js-season"], use: js },
    // Starting the next edition cannot be undone: that spec has a server of its own (E2E_PORT+4),
    // no-js first (2025 → 2026), then js (2026 → 2027).
    { name: "no-js-editions", testMatch: EDITIONS_SPECS, use: { ...noJs, baseURL: editionsURL } },
    {
      name: "js-editions",
      testMatch: EDITIONS_SPECS,
      dependencies: ["no-js-editions"],
      use: { ...js, baseURL: editionsURL },
    },
  ],
  webServer: [
    {
      command: "node tests/e2e/server.mjs",
      url: `http://localhost:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The same app with APP_URL set (origin.spec.ts): a post from another address is refused.
      command: "node tests/e2e/server.mjs",
      env: { E2E_APP_URL_SET: "1" },
      url: `http://localhost:${Number(port) + 2}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node tests/e2e/server.mjs",
      env: { E2E_EDITIONS: "1" },
      url: `${editionsURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
