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
const at = (offset: number) => `http://localhost:${Number(port) + offset}`;
// Specs that change app-wide state: a closed survey and the reminder round (organiser-state), members
// and a house with the longest text each field takes (long-data), the organiser's season (season-state)
// and its walk across the organiser pages (organiser-pages), a chosen house with a price and its money
// (money-state). The trip spec chooses a weekend of its own and runs after them; the form crawler
// (walk-forms) walks every form of the decided season last.
const STATE_SPECS = [
  /walk-offline-sheet\.spec\.ts$/,
  /organiser-pages\.spec\.ts$/,
  /organiser-state\.spec\.ts$/,
  /long-data\.spec\.ts$/,
  /money-state\.spec\.ts$/,
  /season-state\.spec\.ts$/,
  /texts-state\.spec\.ts$/,
  /trip\.spec\.ts$/,
  /walk-forms\.spec\.ts$/,
];
const EDITIONS_SPECS = /editions\.spec\.ts$/;
// A check whose result cannot differ with JavaScript on or off (a page that ships no script, a
// `request`-only check, headers, byte budgets, CSS layout at a width) is tagged `@once`
// (`test(title, { tag: "@once" }, ...)`) and runs in the no-js projects only.
const ONCE = /@once/;

export default defineConfig({
  testDir: "tests/e2e",
  // A time-out catches a hang, not slowness: CI's machine may be busy, so it waits longer there.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  // In CI a test that fails is tried once more, and one that then passes fails the run all the same
  // (failOnFlakyTests): a flake is a bug to fix, never a pass.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    // A trace records a screencast and a DOM snapshot at every step: recorded for every test, it cost
    // the browser and the workers more than any spec. It is recorded when a failed test runs again
    // (CI tries once more); locally, `npx playwright test --trace on` records one.
    trace: "on-first-retry",
    launchOptions: chromium,
  },
  // Projects start in this order. The chains of one-after-the-other tests (the editions' two walks,
  // each state app's files) come first, so neither worker waits at the end for one long chain.
  projects: [
    // Starting the next edition cannot be undone: that spec has an app of its own and walks it twice,
    // without JavaScript (2025 → 2026), then with it (2026 → 2027).
    { name: "editions", testMatch: EDITIONS_SPECS, use: { ...js, baseURL: at(4) } },
    // The state specs run on apps of their own (tests/e2e/server.mjs), one per project, one file
    // after the other (alphabetical order), beside everything else: no other spec ever meets their state.
    // Their walks are long (a whole season), and a serial file skips the rest after one time-out.
    {
      name: "no-js-state",
      testMatch: STATE_SPECS,
      workers: 1,
      timeout: 120_000,
      use: { ...noJs, baseURL: at(5) },
    },
    {
      name: "js-state",
      testMatch: STATE_SPECS,
      grepInvert: ONCE,
      workers: 1,
      timeout: 120_000,
      use: { ...js, baseURL: at(6) },
    },
    { name: "js", testIgnore: [...STATE_SPECS, EDITIONS_SPECS], grepInvert: ONCE, use: js },
    { name: "no-js", testIgnore: [...STATE_SPECS, EDITIONS_SPECS], use: noJs },
  ],
  // One command starts every app the specs use, the fake Resend and the photo server, and says when
  // all of them answer.
  webServer: {
    command: "node tests/e2e/server.mjs",
    // Only the message: the main app's /healthz answers before the other four apps are up.
    wait: { stdout: /E2E servers ready/ },
    reuseExistingServer: false,
    // Seeding and five apps on a shared, busy machine may take longer: E2E_SERVER_TIMEOUT (ms).
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 120_000),
    stdout: "ignore",
    stderr: "pipe",
  },
});
