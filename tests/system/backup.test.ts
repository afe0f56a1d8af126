/**
 * The restore drill (docs/decisions/028-backups.md): the demo season backed up from the embedded
 * database while the server answers requests, restored into an empty PostgreSQL database and an
 * empty PGlite directory; all three serve the same answers (each member signs in on each: a backup
 * holds no session). A restore into a database holding data is refused and changes nothing, and a
 * start with a pending migration leaves a backup first.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { parseBackup } from "~/platform/lib/backup-file";
import { DEFAULT_EVENT_TIME_ZONE } from "~/platform/lib/deadline";
import { weekendAbout } from "~/features/season/lib/editions";
import { dayIn } from "~/features/season/lib/season-state";
import { BACKUP_TABLES, LEFT_OUT } from "~/platform/models/backup.server";
import {
  freshDatabase,
  nextEditionForm,
  serverEnv,
  startAppServer,
  startWithNpm,
  type AppServer,
} from "../support/processes";

const adminUrl = process.env.TEST_DATABASE_URL;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "Content-Type": "application/json" };
const PASSWORD = "sgw25-demo";
const MEMBERS = ["alex", "riley", "sam", "jordan", "casey"].map((name) => `${name}@example.com`);
const ORGANISER = "organiser@example.com";

// `npm run demo` sets its season about three weeks after today, in that weekend's year (issue 55):
// after the roll-over, that year is the one in the archive.
const DEMO_YEAR = weekendAbout(
  dayIn(new Date(), process.env.EVENT_TIME_ZONE || DEFAULT_EVENT_TIME_ZONE),
  21,
).year;

const MEMBER_PAGES = [
  "/",
  "/sgw25",
  "/results",
  "/results-summary",
  "/houses",
  "/past-events",
  `/past-events/${DEMO_YEAR}`,
  `/money/${DEMO_YEAR}`,
  ...[1, 2, 3, 4, 5, 6, 7].map((section) => `/survey/${section}`),
  "/money",
  "/money/history",
  "/money/ledger.csv",
  "/money/shares.csv",
  "/trip",
  "/trip/rooms",
  "/trip/sheet",
];
const ORGANISER_PAGES = [
  "/organiser",
  ...["decide", "people", "houses", "mail", "event", "next-edition"].map((task) => `/organiser/${task}`),
  "/organiser/surveys.csv",
  "/organiser/houses.csv",
  "/organiser/headcount.csv",
];
const API = [
  "/api/results",
  "/api/houses",
  "/api/houses/votes/summary",
  "/api/surveys/all",
  "/api/user",
  "/api/user/votes",
  "/api/survey",
];

/** `npm run <script>` as a person runs it, with the database named by `env`. */
function npmRun(script: string, args: string[], env: Record<string, string | undefined>) {
  const run = spawnSync("npm", ["run", "--silent", script, "--", ...args], {
    env: serverEnv(env),
    encoding: "utf8",
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

async function pageCookie(base: string, email: string) {
  const login = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { ...FORM, Origin: base },
    body: new URLSearchParams({ intent: "login", redirect: "/", email, password: PASSWORD }),
  });
  expect(login.status, `${email} logs in on ${base}`).toBe(302);
  return String(login.headers.get("Set-Cookie")).split(";")[0]!;
}

async function apiToken(base: string, email: string) {
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: JSON_TYPE,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/**
 * What a page says, without what differs per response (the CSP nonce, the money forms' one-use keys,
 * in the form and in a hydrated page's data) or per database's own history (its backups).
 */
function normal(text: string) {
  return text
    .replace(/ nonce="[^"]*"/g, "")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "(a key)")
    .replace(/(Last backup: |No backup yet)[^<]*/g, "(the last backup)");
}

/** Every answer the drill compares, by viewer and path. */
async function everything(base: string) {
  const answers: Record<string, string> = {};
  const read = async (label: string, url: string, headers: Record<string, string>) => {
    const response = await fetch(`${base}${url}`, { headers, redirect: "manual" });
    answers[`${label} ${url}`] = `${response.status} ${normal(await response.text())}`;
  };
  for (const url of [
    "/",
    "/sgw25",
    "/results",
    "/past-events",
    `/past-events/${DEMO_YEAR}`,
    "/api/results",
    "/api/houses",
  ]) {
    await read("visitor", url, {});
  }
  for (const email of MEMBERS) {
    const cookie = await pageCookie(base, email);
    for (const url of MEMBER_PAGES) await read(email, url, { Cookie: cookie });
    const token = await apiToken(base, email);
    for (const url of API) await read(`${email} api`, url, { Authorization: `Bearer ${token}` });
  }
  const organiser = await pageCookie(base, ORGANISER);
  for (const url of [...ORGANISER_PAGES, "/money"]) await read(ORGANISER, url, { Cookie: organiser });
  return answers;
}

/** Each app table's row count on a PostgreSQL database. */
async function rowCounts(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const counts: Record<string, number> = {};
    for (const table of BACKUP_TABLES) {
      const [row] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from "${table}"`);
      counts[table] = row!.n;
    }
    return counts;
  } finally {
    await sql.end();
  }
}

describe.skipIf(!adminUrl)("the restore drill", () => {
  it("the demo season, backed up from the embedded database while it serves, restores into PostgreSQL and PGlite the same", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sgw-drill-"));
    const demo = path.join(dir, "demo");
    const restored = path.join(dir, "restored");
    const file = path.join(dir, "backup.jsonl");
    const database = await freshDatabase(adminUrl!, "sgw_drill");
    const backupDir = path.join(dir, "backups");
    const common = { ADMIN_EMAILS: ORGANISER, BACKUP_DIR: backupDir };
    const servers: AppServer[] = [];
    try {
      // The demo season, served; members keep asking and logging in while the backup is taken.
      let source = await startWithNpm(3264, { ...common, SGW_DEMO: "1", PGLITE_DIR: demo }, 300_000);
      servers.push(source);
      // The decided season goes to the archive (its money, trip, votes kept as they were); the next begins.
      const organiser = await pageCookie(source.url, ORGANISER);
      // The year and weekend the page offers follow the clock (issue 55): post what it preselects.
      const plan = await nextEditionForm(source.url, organiser);
      const rolled = await fetch(`${source.url}/organiser/next-edition`, {
        method: "POST",
        redirect: "manual",
        headers: { ...FORM, Origin: source.url, Cookie: organiser },
        body: new URLSearchParams(plan.form),
      });
      expect(rolled.status).toBe(302);
      let busy = true;
      const statuses: number[] = [];
      const traffic = (async () => {
        while (busy) {
          const answers = await Promise.all([
            fetch(`${source.url}/api/results`),
            fetch(`${source.url}/houses`),
            fetch(`${source.url}/api/login`, {
              method: "POST",
              headers: JSON_TYPE,
              body: JSON.stringify({ email: "riley@example.com", password: PASSWORD }),
            }),
          ]);
          statuses.push(...answers.map((answer) => answer.status));
        }
      })();
      const started = Date.now();
      const backup = npmRun("backup", [file], { ...common, PGLITE_DIR: demo });
      busy = false;
      await traffic;
      expect(backup.status, backup.output).toBe(0);
      expect(backup.output).toContain("from the running server");
      console.log(
        `Backup of the demo season through the server: ${Date.now() - started} ms, ${statSync(file).size} bytes`,
      );
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.every((status) => status === 200)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const { header, tables } = parseBackup(readFileSync(file, "utf8"));
      expect(header.from).toBe("pglite");
      for (const table of ["money_expenses", "trip_rooms", "votes", "editions"]) {
        expect(tables.find((entry) => entry.name === table)?.rows.length, table).toBeGreaterThan(0);
      }
      // A backup is the group's data, never a key: the members logged in above are not in it.
      for (const table of LEFT_OUT.tables) expect(tables.map((entry) => entry.name)).not.toContain(table);
      await source.stop();
      servers.length = 0;

      // Into an empty PostgreSQL database, and into an empty PGlite directory.
      const intoPostgres = npmRun("restore", [file], { ...common, DATABASE_URL: database.url });
      expect(intoPostgres.status, intoPostgres.output).toBe(0);
      const intoPglite = npmRun("restore", [file], { ...common, PGLITE_DIR: restored });
      expect(intoPglite.status, intoPglite.output).toBe(0);

      // The three side by side, served the same way.
      source = await startAppServer(3264, { ...common, PGLITE_DIR: demo });
      servers.push(source);
      servers.push(await startAppServer(3265, { ...common, DATABASE_URL: database.url }));
      servers.push(await startAppServer(3266, { ...common, PGLITE_DIR: restored }));
      const [fromSource, fromPostgres, fromPglite] = await Promise.all(
        servers.map((server) => everything(server.url)),
      );
      expect(fromSource![`alex@example.com /money/${DEMO_YEAR}`]).toMatch(/^200 [\s\S]*Lakeside Lodge/);
      expect(fromSource!["visitor /past-events"]).toMatch(new RegExp(`^200 [\\s\\S]*${DEMO_YEAR}`));
      expect(Object.keys(fromPostgres!)).toEqual(Object.keys(fromSource!));
      for (const key of Object.keys(fromSource!)) {
        expect(fromPostgres![key], `PostgreSQL: ${key}`).toBe(fromSource![key]);
        expect(fromPglite![key], `PGlite: ${key}`).toBe(fromSource![key]);
      }

      // A restore into a database that holds data is refused, and changes nothing.
      const before = await rowCounts(database.url);
      const again = npmRun("restore", [file], { ...common, DATABASE_URL: database.url });
      expect(again.status).toBe(1);
      expect(again.output).toContain("This database is not empty");
      expect(await rowCounts(database.url)).toEqual(before);
      // And an embedded directory a server runs on is never written under it.
      const underServer = npmRun("restore", [file], { ...common, PGLITE_DIR: restored });
      expect(underServer.status).toBe(1);
      expect(underServer.output).toContain("stop it first");
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 900_000);
});

describe("a start with a pending migration", () => {
  it("leaves a backup of the database as it was before migrating", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sgw-premigrate-"));
    const data = path.join(dir, "pglite");
    const backupDir = path.join(dir, "backups");
    const migrations = path.join(dir, "drizzle");
    try {
      const seeded = npmRun("db:seed", [], { PGLITE_DIR: data });
      expect(seeded.status, seeded.output).toBe(0);
      // This build's migrations and one more, thrown away after.
      cpSync("drizzle", migrations, { recursive: true });
      const journalFile = path.join(migrations, "meta/_journal.json");
      const journal = JSON.parse(readFileSync(journalFile, "utf8")) as {
        entries: Array<{ when: number; idx: number; tag: string }>;
      };
      const last = journal.entries.at(-1)!;
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: "9000_throwaway" });
      writeFileSync(journalFile, JSON.stringify(journal));
      writeFileSync(path.join(migrations, "9000_throwaway.sql"), 'CREATE TABLE "throwaway" ("id" integer);');

      const start = spawnSync("npx", ["tsx", "scripts/prepare.ts"], {
        env: serverEnv({
          PGLITE_DIR: data,
          BACKUP_DIR: backupDir,
          MIGRATIONS_DIR: migrations,
          SGW_DEMO: "1",
        }),
        encoding: "utf8",
      });
      expect(start.status, start.stdout + start.stderr).toBe(0);
      expect(start.stdout).toContain("before 1 pending migrations");
      const files = readdirSync(backupDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/-before-migration\.jsonl$/);
      const { header, tables } = parseBackup(readFileSync(path.join(backupDir, files[0]!), "utf8"));
      expect(header.schema.migration).toBe(last.tag);
      expect(tables.find((table) => table.name === "users")?.rows.length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
