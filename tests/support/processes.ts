/**
 * Real processes for the system tests: the production build served by remix-serve, and throwaway
 * PostgreSQL clusters that a test may stop and restart (never the shared server on 5432).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const isRoot = process.getuid?.() === 0;

export type AppServer = {
  url: string;
  process: ChildProcess;
  logs: () => string;
  stop: () => Promise<void>;
};

/** Env for a server process: the caller's, minus anything that would point it elsewhere. */
export function serverEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
  for (const name of [
    "DATABASE_URL",
    "PGLITE_DIR",
    "SGW_DEMO",
    "SESSION_SECRET",
    "VITEST",
    "VITEST_POOL_ID",
    "TEST_DB",
  ]) {
    delete env[name];
  }
  // Backups a server takes (nightly, before migrations) never land in the working copy's ./data.
  env.BACKUP_DIR = path.join(tmpdir(), `sgw-backups-${process.pid}`);
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Waits until `url` answers 200 (or throws after `timeoutMs`). */
export async function waitForOk(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Serves build/ with remix-serve (the build must exist: `npm run test:system` builds first). */
export async function startAppServer(
  port: number,
  env: Record<string, string | undefined>,
): Promise<AppServer> {
  return startProcess(
    process.execPath,
    ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"],
    port,
    serverEnv({ PORT: String(port), ...env }),
  );
}

/** Runs `npm start` (prepare: migrate; then serve), as docs/deploying.md's deploy does. */
export async function startWithNpm(
  port: number,
  env: Record<string, string | undefined>,
  timeoutMs = 90_000,
): Promise<AppServer> {
  return startProcess(
    "npm",
    ["start", "--silent"],
    port,
    serverEnv({ PORT: String(port), ...env }),
    timeoutMs,
  );
}

async function startProcess(
  command: string,
  args: string[],
  port: number,
  env: NodeJS.ProcessEnv,
  timeoutMs = 30_000,
): Promise<AppServer> {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://localhost:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await Promise.race([
      waitForOk(`${url}/healthz`, timeoutMs),
      exited.then(() => {
        throw new Error(`The server exited before it served:\n${output}`);
      }),
    ]);
  } catch (error) {
    killGroup(child, "SIGKILL");
    throw error;
  }
  return {
    url,
    process: child,
    logs: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      killGroup(child, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8000))]);
      if (child.exitCode === null) killGroup(child, "SIGKILL");
    },
  };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

export type ThrowawayPostgres = {
  url: string;
  start: () => void;
  stop: () => void;
  restart: () => void;
  destroy: () => void;
};

function asPostgresUser(binary: string, args: string[]) {
  const command = path.join(PG_BIN, binary);
  // initdb refuses to run as root, so root runs the cluster as the postgres user.
  if (isRoot) execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" });
  else execFileSync(command, args, { stdio: "pipe" });
}

/** A PostgreSQL cluster of the test's own on `port`, in a temp dir, started. */
export function startThrowawayPostgres(port: number): ThrowawayPostgres {
  const dir = mkdtempSync(path.join(tmpdir(), "sgw-pg-"));
  if (isRoot) {
    execFileSync("chown", ["postgres:postgres", dir]);
  } else {
    chownSync(dir, process.getuid?.() ?? 0, process.getgid?.() ?? 0);
  }
  asPostgresUser("initdb", ["-D", dir, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (...args: string[]) =>
    asPostgresUser("pg_ctl", ["-D", dir, "-o", options, "-w", "-l", `${dir}/log`, ...args]);
  ctl("start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => ctl("start"),
    stop: () => ctl("-m", "fast", "stop"),
    restart: () => ctl("-m", "fast", "restart"),
    destroy: () => {
      try {
        ctl("-m", "immediate", "stop");
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new empty database on the server at `adminUrl` (e.g. TEST_DATABASE_URL), and a way to drop it. */
export async function freshDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** `npm run db:seed` against a database: migrates, then loads the demo members. */
export function seedDatabase(env: Record<string, string>) {
  execFileSync("npx", ["tsx", "scripts/db.ts", "seed"], { env: serverEnv(env), stdio: "pipe" });
}

/**
 * The production app on a seeded throwaway cluster for the whole file: the outage tests stop and
 * restart `pg()` under `app()`. Call at the top level of a test file.
 */
export function useAppOnThrowawayPostgres(options: {
  pgPort: number;
  appPort: number;
  sessionSecret: string;
  setupTimeoutMs: number;
}) {
  let pg: ThrowawayPostgres | undefined;
  let app: AppServer | undefined;
  beforeAll(async () => {
    pg = startThrowawayPostgres(options.pgPort);
    seedDatabase({ DATABASE_URL: pg.url });
    app = await startAppServer(options.appPort, {
      DATABASE_URL: pg.url,
      SESSION_SECRET: options.sessionSecret,
    });
  }, options.setupTimeoutMs);
  afterAll(async () => {
    if (process.env.SHOW_SERVER_LOGS) console.log(app?.logs());
    await app?.stop();
    pg?.destroy();
  });
  return { pg: () => pg!, app: () => app! };
}

/**
 * What the Next edition page offers a signed-in organiser, read from its form: the year, and the form
 * to post as it is preselected. The year and the weekend follow the clock (issue 55), so a test that
 * starts the next edition posts these instead of fixed ones.
 */
export async function nextEditionForm(url: string, cookie: string) {
  const response = await fetch(`${url}/organiser/next-edition`, { headers: { Cookie: cookie } });
  const html = await response.text();
  const read = (pattern: RegExp, what: string) => {
    const found = pattern.exec(html)?.[1];
    if (!found) throw new Error(`The Next edition page (${response.status}) shows no ${what}`);
    return found;
  };
  const fromId = read(/name="fromId" value="(\d+)"/, "edition to close");
  const name = read(/<input id="next-name" name="name"[^>]* value="([^"]+)"/, "short name");
  const plannedWeekend = read(/<option value="([^"]+)" selected=""/, "preselected weekend");
  const year = Number(read(/Starting (?:<!-- -->)?(\d{4})/, "year"));
  return { year, form: { fromId, name, plannedWeekend } };
}
