/**
 * How the app starts in production: two instances at once on one fresh Postgres, a restart on
 * PGlite without SESSION_SECRET, and `npm start` beside `npm run demo` on the embedded database.
 */
import { isNull } from "drizzle-orm";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { emptySurvey } from "~/features/survey/lib/survey-fields";
import { firstEditionYear, nextEditionName } from "~/features/season/lib/editions";
import { dayIn } from "~/features/season/lib/season-state";
import { availabilityWindows } from "~/features/season/lib/weekends";
import { DEFAULT_EVENT_TIME_ZONE } from "~/platform/lib/deadline";
import { openDatabase } from "~/platform/db/client.server";
import { users } from "~/platform/db/schema";
import {
  freshDatabase,
  nextEditionForm,
  seedDatabase,
  serverEnv,
  startAppServer,
  startWithNpm,
} from "../support/processes";

const adminUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: unknown[] };

// A fresh database's first start plans the first edition whose weekend is ahead (issue 55).
const TODAY = dayIn(new Date(), process.env.EVENT_TIME_ZONE || DEFAULT_EVENT_TIME_ZONE);
const FIRST_YEAR = firstEditionYear(2025, TODAY);
const FIRST_NAME = nextEditionName("SGW25", 2025, FIRST_YEAR);
const FRESH = { ...emptySurvey(availabilityWindows(FIRST_YEAR)), name: "Fresh Member", attending: "yes" };

const ACCOUNT = { email: "fresh@example.com", password: "fresh-secret" };
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** A new member says yes through /api on the instance at `base`. */
async function saveSurveyThrough(base: string) {
  const account = ACCOUNT;
  const json = { "Content-Type": "application/json" };
  expect(
    (await fetch(`${base}/api/register`, { method: "POST", headers: json, body: JSON.stringify(account) }))
      .status,
  ).toBe(201);
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: json,
    body: JSON.stringify(account),
  });
  const { token } = (await login.json()) as { token: string };
  const saved = await fetch(`${base}/api/survey`, {
    method: "POST",
    headers: { ...json, Authorization: `Bearer ${token}` },
    body: JSON.stringify(FRESH),
  });
  expect(saved.status).toBe(200);
}

/** The member's page session on the instance at `base` (the /auth form, as a browser posts it). */
async function pageLogin(base: string) {
  const login = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { ...FORM, Origin: base },
    body: new URLSearchParams({ intent: "login", redirect: "/organiser", ...ACCOUNT }),
  });
  expect(login.status).toBe(302);
  return String(login.headers.get("Set-Cookie")).split(";")[0];
}

describe.skipIf(!adminUrl)("two instances starting together on one fresh Postgres", () => {
  it("apply the migrations once, both serve, and agree on the current edition after a roll-over", async () => {
    const database = await freshDatabase(adminUrl!, "sgw_startup");
    const env = {
      DATABASE_URL: database.url,
      SESSION_SECRET: "startup-test-secret-0123456789",
      ADMIN_EMAILS: ACCOUNT.email,
    };
    const started = await Promise.allSettled([startWithNpm(3242, env), startWithNpm(3243, env)]);
    try {
      for (const result of started) {
        if (result.status === "rejected") throw result.reason;
      }
      for (const port of [3242, 3243]) {
        const response = await fetch(`http://localhost:${port}/api/results`);
        expect(response.status).toBe(200);
      }
      const db = postgres(database.url, { max: 1, onnotice: () => {} });
      const [{ count }] = await db<
        { count: number }[]
      >`select count(*)::int as count from drizzle.__drizzle_migrations`;
      await db.end();
      expect(count).toBe(journal.entries.length);

      // A visitor's page on one instance (kept by its page cache) shows a survey saved through the
      // other within a second or two (docs/decisions/005-page-cache.md).
      const names = async () =>
        (await (await fetch("http://localhost:3243/sgw25")).text()).includes(FRESH.name);
      expect(await names()).toBe(false);
      expect(await names()).toBe(false);
      await saveSurveyThrough("http://localhost:3242");
      const saved = Date.now();
      while (!(await names())) {
        expect(Date.now() - saved).toBeLessThan(2_500);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      // The organiser starts the next edition through one instance; the other, which has the current
      // edition in its cache, serves the new one right after.
      const about = async () =>
        (await (await fetch("http://localhost:3243/about")).text()).match(
          /SGW\d\d is the \d{4} edition/,
        )?.[0];
      expect(await about()).toBe(`${FIRST_NAME} is the ${FIRST_YEAR} edition`);
      const sql = postgres(database.url, { max: 1, onnotice: () => {} });
      await sql`update users set email_confirmed_at = now() where email = ${ACCOUNT.email}`;
      await sql.end();
      const cookie = await pageLogin("http://localhost:3242");
      // The year and weekend the page offers follow the clock (issue 55): post what it preselects.
      const plan = await nextEditionForm("http://localhost:3242", cookie);
      const rolled = await fetch("http://localhost:3242/organiser/next-edition", {
        method: "POST",
        redirect: "manual",
        headers: { ...FORM, Origin: "http://localhost:3242", Cookie: cookie },
        body: new URLSearchParams(plan.form),
      });
      expect(rolled.status).toBe(302);
      const rolledAt = Date.now();
      const onOther = async () => {
        const results = (await (await fetch("http://localhost:3243/api/results")).json()) as unknown[];
        const archive = await fetch(`http://localhost:3243/past-events/${FIRST_YEAR}`);
        return (
          results.length === 0 &&
          archive.status === 200 &&
          !(await names()) &&
          (await about()) === `${plan.form.name} is the ${plan.year} edition`
        );
      };
      while (!(await onOther())) {
        expect(Date.now() - rolledAt).toBeLessThan(2_500);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const archived = await (await fetch(`http://localhost:3243/past-events/${FIRST_YEAR}`)).text();
      expect(archived).toContain(FRESH.name);
    } finally {
      await Promise.all(
        started.map((result) => (result.status === "fulfilled" ? result.value.stop() : undefined)),
      );
      await database.drop();
    }
  });
});

describe("a restart without SESSION_SECRET", () => {
  it("keeps a logged-in member logged in", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sgw-secret-"));
    const env = { PGLITE_DIR: path.join(dir, "pglite"), SESSION_SECRET: undefined };
    seedDatabase({ PGLITE_DIR: env.PGLITE_DIR });
    let app = await startAppServer(3244, env);
    try {
      const login = await fetch(`${app.url}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
        body: new URLSearchParams({
          intent: "login",
          redirect: "/",
          email: "alex@example.com",
          password: "sgw25-demo",
        }),
      });
      expect(login.status).toBe(302);
      const cookie = login.headers.get("Set-Cookie")!.split(";")[0];
      const footer = async () =>
        (await (await fetch(`${app.url}/`, { headers: { Cookie: cookie } })).text())
          .replace(/<\/?span[^>]*>/g, "")
          .match(/You are (?:logged in as [^<]+|not logged in)/)?.[0];
      expect(await footer()).toBe("You are logged in as alex@example.com");

      await app.stop();
      app = await startAppServer(3244, env);
      expect(await footer()).toBe("You are logged in as alex@example.com");
    } finally {
      await app.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A first start migrates a new PGlite directory (and the demo seeds a season): slow on a busy machine. */
const SLOW_START = 240_000;

/** Whether `email` logs in with the published demo password through /api/login. */
async function demoLogin(base: string, email: string) {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "sgw25-demo" }),
  });
  return response.status;
}

/** `npm start`'s step before serving (scripts/prepare.ts), as production runs it. */
function prepare(env: Record<string, string>) {
  const run = spawnSync("npx", ["tsx", "scripts/prepare.ts"], { env: serverEnv(env), encoding: "utf8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

async function accountCount(pgliteDir: string) {
  const connection = openDatabase({ pgliteDir });
  try {
    // A former member's row stays for the shared records and can never sign in: not an account.
    return (await connection.db.select({ id: users.id }).from(users).where(isNull(users.leftAt))).length;
  } finally {
    await connection.close();
  }
}

/** `npm run demo` is `npm start` with the demo's variables; here on a directory of the test's own. */
function demoEnv(pgliteDir: string): Record<string, string> {
  const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> })
    .scripts;
  const demo = scripts.demo?.match(/^((?:[A-Z_]+=\S+ )+)npm start$/);
  expect(demo, "npm run demo is npm start with the demo's variables").toBeTruthy();
  const variables = Object.fromEntries(
    demo![1]
      .trim()
      .split(" ")
      .map((pair) => pair.split("=")),
  );
  expect(variables.SGW_DEMO).toBe("1");
  expect(variables.PGLITE_DIR).toBe("./data/demo");
  expect(variables.BACKUP_DIR).toBe("./data/demo-backups");
  return { ...variables, PGLITE_DIR: pgliteDir, BACKUP_DIR: path.join(pgliteDir, "..", "demo-backups") };
}

describe("npm start and npm run demo on the embedded database", () => {
  it("a real start creates no account; the demo seeds its season; demo accounts stop a real start until removed", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sgw-demo-"));
    const real = path.join(dir, "real");
    const demo = path.join(dir, "demo");
    try {
      // The real planner on an empty directory: migrated and served, but nobody to log in as; its
      // log holds the set-up link for the first organiser, which the access log does not repeat;
      // the link makes the first organiser once.
      let app = await startWithNpm(3245, { PGLITE_DIR: real }, SLOW_START);
      try {
        expect(await demoLogin(app.url, "alex@example.com")).toBe(401);
        expect(await demoLogin(app.url, "organiser@example.com")).toBe(401);
        const token = app.logs().match(/\/setup\?token=([\w-]+)/)?.[1];
        expect(token).toBeTruthy();
        expect((await fetch(`${app.url}/setup?token=${token}`)).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(app.logs()).toContain("GET /setup?token=[redacted]");
        expect(app.logs().split(token!)).toHaveLength(2);

        // Whoever holds the link makes the first organiser, and lands on the organiser's pages.
        const setup = (password: string) =>
          fetch(`${app.url}/setup`, {
            method: "POST",
            redirect: "manual",
            headers: { ...FORM, Origin: app.url },
            body: new URLSearchParams({
              token: token!,
              name: "First Organiser",
              email: "first@example.com",
              password,
            }),
          });
        const made = await setup("first-organiser-secret");
        expect(made.status).toBe(302);
        expect(made.headers.get("Location")).toBe("/organiser");
        const cookie = String(made.headers.get("Set-Cookie")).split(";")[0];
        for (const page of ["/organiser", "/organiser/decide", "/organiser/people", "/organiser/mail"]) {
          const opened = await fetch(`${app.url}${page}`, {
            headers: { Cookie: cookie },
            redirect: "manual",
          });
          expect(opened.status, page).toBe(200);
          expect(await opened.text(), page).toContain("first@example.com");
        }
        // The link works once; then /setup is gone, with or without it.
        expect((await setup("second-try-secret")).status).toBe(404);
        expect((await fetch(`${app.url}/setup?token=${token}`)).status).toBe(404);
        expect((await fetch(`${app.url}/setup`)).status).toBe(404);

        // A visitor registers a demo address: the published password is refused, and with another
        // one the account is theirs, not the demo's, so it stops no later start (issue 53).
        const visitor = (password: string) =>
          fetch(`${app.url}/api/register`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email: "alex@example.com", password }),
          });
        expect((await visitor("sgw25-demo")).status).toBe(400);
        expect((await visitor("visitors-own-secret")).status).toBe(201);
      } finally {
        await app.stop();
      }
      expect(await accountCount(real)).toBe(2);
      expect(prepare({ PGLITE_DIR: real }).status).toBe(0);

      // The demo: seeded with the decided season, and it says so at start with its logins.
      app = await startWithNpm(3245, demoEnv(demo), SLOW_START);
      try {
        expect(app.logs()).toMatch(/demo/i);
        expect(app.logs()).toContain("alex@example.com");
        expect(app.logs()).toContain("sgw25-demo");
        expect(await demoLogin(app.url, "alex@example.com")).toBe(200);
        expect(await (await fetch(`${app.url}/sgw25`)).text()).toContain("Lakeside Lodge");
      } finally {
        await app.stop();
      }
      // Its start-up step again (in production, the accounts unchanged): the demo is not refused.
      expect(prepare(demoEnv(demo)).status).toBe(0);

      // The real planner's start-up step on a directory holding the demo accounts refuses, and says
      // how to remove them; once removed it goes through, and no account is left to log in to.
      const refused = prepare({ PGLITE_DIR: demo });
      expect(refused.status).toBe(1);
      expect(refused.output).toMatch(/demo accounts[\s\S]*npm run remove-demo/);
      // Whatever NODE_ENV says: a test or staging start would serve the published password too.
      expect(prepare({ PGLITE_DIR: demo, NODE_ENV: "test" }).status).toBe(1);
      execFileSync("npm", ["run", "--silent", "remove-demo"], {
        env: serverEnv({ PGLITE_DIR: demo }),
        stdio: "pipe",
      });
      expect(prepare({ PGLITE_DIR: demo }).status).toBe(0);
      expect(await accountCount(demo)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 900_000);
});
