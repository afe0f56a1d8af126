/**
 * `npm run bench`: the app's pages side by side with a bare Remix v2 "hello" page built from the
 * same installed packages, served on the same machine in the same run. Each page is loaded at
 * CONNECTIONS keep-alive connections for ROUND_SECONDS per round; the rounds interleave the pages
 * (and rotate their order), so a busy machine slows all of them alike. It prints the median req/s,
 * p50 / p97.5 latency, the ratio to the bare page, and the gzipped HTML and JS bytes of each page.
 * Only 127.0.0.1 is contacted; the servers are always stopped. A script, not a test.
 */
import { execSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import postgres from "postgres";
import { buildBareApp, load, seed, startServer, stopServer, type Load } from "./bench-support";

const BASE_PORT = Number(process.env.BENCH_PORT ?? 3450);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 10;
const SECRET = "bench-session-secret-0123456789";
// What a browser sends; remix-serve compresses the same way for every page.
const BROWSER = { "accept-encoding": "gzip, deflate, br" };

type Target = { label: string; url: string; goal: number; headers: Record<string, string> };

// With BENCH_DATABASE_URL (a PostgreSQL server URL) the app runs on throwaway databases there, as
// deployed; without it on throwaway embedded PGlite directories.
const POSTGRES = process.env.BENCH_DATABASE_URL;

const projectRoot = process.cwd();
const work = mkdtempSync(path.join(tmpdir(), "sgw25-bench-"));
const servers: ChildProcess[] = [];
const dropped: string[] = [];

async function database(name: string): Promise<{ url?: string; pgliteDir?: string }> {
  if (!POSTGRES) return { pgliteDir: path.join(work, name) };
  const admin = postgres(POSTGRES, { max: 1, onnotice: () => {} });
  const database = `sgw25_bench_${process.pid}_${name}`;
  await admin.unsafe(`create database "${database}"`);
  await admin.end();
  dropped.push(database);
  const url = new URL(POSTGRES);
  url.pathname = `/${database}`;
  return { url: url.toString() };
}

async function signedCookie(token: string) {
  // The app's own cookie code, so the bench signs exactly as a login would.
  const { createCookie } = await import("@remix-run/node");
  return createCookie("sgw_session", { secrets: [SECRET] }).serialize(token);
}

/** Gzipped bytes of the document and of every script it loads (src, modulepreload, import). */
async function weight(target: Target) {
  const html = await (await fetch(target.url, { headers: target.headers })).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+\.js)"/g))
    sources.add(match[1]);
  for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g))
    sources.add(match[1]);
  let js = 0;
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(new URL(source, target.url))).arrayBuffer());
    js += gzipSync(body).length;
  }
  return { html: gzipSync(html).length, js };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  execSync("npx remix build", { stdio: ["ignore", "ignore", "inherit"] });
  buildBareApp(path.join(work, "bare"), projectRoot);
  const databases = { n200: await database("n200"), n10000: await database("n10000") };
  const token200 = await seed(databases.n200, 200, 50);
  await seed(databases.n10000, 10_000, 0);

  const appEnv = (port: number, name: keyof typeof databases) => ({
    APP_URL: `http://localhost:${port}`,
    DATABASE_URL: databases[name].url ?? "",
    ...(databases[name].pgliteDir ? { PGLITE_DIR: databases[name].pgliteDir } : {}),
    SESSION_SECRET: SECRET,
    RESEND_API_KEY: "",
  });
  const [barePort, port200, port10k] = [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3];
  servers.push(await startServer(path.join(work, "bare"), barePort, {}));
  servers.push(await startServer(projectRoot, port200, appEnv(port200, "n200")));
  servers.push(await startServer(projectRoot, port10k, appEnv(port10k, "n10000")));

  const at = (port: number, page: string) => `http://127.0.0.1:${port}${page}`;
  const member = { ...BROWSER, cookie: await signedCookie(token200) };
  const bare: Target = { label: "bare Remix hello", url: at(barePort, "/"), goal: 1, headers: BROWSER };
  const targets: Target[] = [
    bare,
    ...["/", "/about", "/sgw25", "/results"].map((page) => ({
      label: `${page} (200 responses)`,
      url: at(port200, page),
      goal: 1,
      headers: BROWSER,
    })),
    { label: "/results (10,000 responses)", url: at(port10k, "/results"), goal: 0.5, headers: BROWSER },
    { label: "/houses (member, 50 houses)", url: at(port200, "/houses"), goal: 0.5, headers: member },
  ];

  // Warm-up: JIT, the database's caches and the app's own.
  for (const target of targets) await load(target.url, 1, CONNECTIONS, target.headers);
  const runs = new Map<Target, Load[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let i = 0; i < targets.length; i += 1) {
      const target = targets[(i + round) % targets.length];
      runs.get(target)!.push(await load(target.url, ROUND_SECONDS, CONNECTIONS, target.headers));
    }
  }

  const bareRate = median(runs.get(bare)!.map((run) => run.perSecond));
  console.log(
    `${CONNECTIONS} connections, median of ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s, ` +
      `database: ${POSTGRES ? "PostgreSQL" : "PGlite"}; HTML and JS: gzip bytes`,
  );
  console.log(
    `${"page".padEnd(30)}${"req/s".padStart(8)}${"p50 ms".padStart(9)}${"p97.5 ms".padStart(10)}` +
      `${"vs bare".padStart(9)}${"goal".padStart(7)}${"HTML".padStart(10)}${"JS".padStart(10)}`,
  );
  let worst: { label: string; ratio: number; goal: number } | undefined;
  for (const target of targets) {
    const loads = runs.get(target)!;
    const rate = median(loads.map((run) => run.perSecond));
    const ratio = rate / bareRate;
    const bytes = await weight(target);
    console.log(
      `${target.label.padEnd(30)}${rate.toFixed(0).padStart(8)}` +
        `${median(loads.map((run) => run.p50))
          .toFixed(1)
          .padStart(9)}` +
        `${median(loads.map((run) => run.p975))
          .toFixed(1)
          .padStart(10)}${ratio.toFixed(2).padStart(9)}` +
        `${`≥${target.goal}`.padStart(7)}${kb(bytes.html).padStart(10)}${kb(bytes.js).padStart(10)}`,
    );
    if (target !== bare && (!worst || ratio / target.goal < worst.ratio / worst.goal))
      worst = { label: target.label, ratio, goal: target.goal };
  }
  if (worst)
    console.log(
      `worst ratio: ${worst.label} at ${worst.ratio.toFixed(2)}× the bare page ` +
        `(goal ≥ ${worst.goal}×: ${worst.ratio >= worst.goal ? "met" : "NOT met"})`,
    );
} finally {
  for (const server of servers) await stopServer(server);
  rmSync(work, { recursive: true, force: true });
  if (POSTGRES && dropped.length) {
    const admin = postgres(POSTGRES, { max: 1, onnotice: () => {} });
    for (const name of dropped) await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
