/**
 * `npm run bench`: the app's pages side by side with a bare Remix v2 "hello" page built from the
 * same installed packages, served on the same machine in the same run. Each page is loaded at
 * CONNECTIONS keep-alive connections for ROUND_SECONDS per round; the rounds interleave the pages
 * (and rotate their order), so a busy machine slows all of them alike. It prints the median req/s,
 * p50 / p97.5 latency, the ratio to the bare page, the gzipped HTML and JS bytes of each page, and
 * for the bare page and every page a member uses, Lighthouse's LCP and TBT on a throttled phone.
 * The last line names the page furthest from its goal. Only 127.0.0.1 is contacted; the servers are
 * always stopped. A script, not a test.
 */
import { execSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import postgres from "postgres";
import { startImageServer } from "../tests/support/image-server.mjs";
import { buildBareApp, load, seed, startServer, stopServer, type Load } from "./bench-support";
import { paint, type Paint } from "./bench-lighthouse";

const BASE_PORT = Number(process.env.BENCH_PORT ?? 3450);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 10;
const SECRET = "bench-session-secret-0123456789";
// What a browser sends; remix-serve compresses the same way for every page.
const BROWSER = { "accept-encoding": "gzip, deflate, br" };

type Target = {
  label: string;
  url: string;
  goal: number;
  headers: Record<string, string>;
  /** Also measured in Lighthouse (the pages a member uses, and the bare page beside them). */
  paint?: boolean;
};

const PAINT_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const LCP_GOAL_MS = 800;
const TBT_GOAL_MS = 50;
const SURVEY_SECTIONS = [1, 2, 3, 4, 5, 6, 7];

// With BENCH_DATABASE_URL (a PostgreSQL server URL) the app runs on throwaway databases there, as
// deployed; without it on throwaway embedded PGlite directories.
const POSTGRES = process.env.BENCH_DATABASE_URL;

const projectRoot = process.cwd();
const work = mkdtempSync(path.join(tmpdir(), "sgw25-bench-"));
const servers: ChildProcess[] = [];
const dropped: string[] = [];
let images: Awaited<ReturnType<typeof startImageServer>> | undefined;

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

/** Waits until the app serves every seeded house's photo from its own store. */
async function photosStored(url: string, headers: Record<string, string>, count: number) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const html = await (await fetch(url, { headers })).text();
    const stored = new Set(html.match(/\/photos\/\d+-400\.[0-9a-f]{12}\.webp/g) ?? []).size;
    if (stored >= count) return;
    if (Date.now() > deadline)
      throw new Error(`Only ${stored} of ${count} house photos were stored in 3 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

try {
  execSync("npx remix build", { stdio: ["ignore", "ignore", "inherit"] });
  buildBareApp(path.join(work, "bare"), projectRoot);
  // The listing site: a full-size photo (some 250 KB of JPEG) for every house, fetched by the app.
  images = await startImageServer(BASE_PORT + 4);
  const databases = { n200: await database("n200"), n10000: await database("n10000") };
  const tokens = await seed(databases.n200, 200, 50, (i) => `${images!.url}/photo.jpg?w=1600&noise=1&h=${i}`);
  await seed(databases.n10000, 10_000, 0);

  const appEnv = (port: number, name: keyof typeof databases) => ({
    APP_URL: `http://localhost:${port}`,
    DATABASE_URL: databases[name].url ?? "",
    ...(databases[name].pgliteDir ? { PGLITE_DIR: databases[name].pgliteDir } : {}),
    SESSION_SECRET: SECRET,
    RESEND_API_KEY: "",
    ADMIN_EMAILS: "bench-1@example.com",
    // The photo server above is on this machine.
    PHOTO_FETCH_ALLOW_PRIVATE: "1",
  });
  const [barePort, port200, port10k] = [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3];
  servers.push(await startServer(path.join(work, "bare"), barePort, {}));
  servers.push(await startServer(projectRoot, port200, appEnv(port200, "n200")));
  servers.push(await startServer(projectRoot, port10k, appEnv(port10k, "n10000")));

  const at = (port: number, page: string) => `http://127.0.0.1:${port}${page}`;
  const member = { ...BROWSER, cookie: await signedCookie(tokens.member) };
  const organiser = { ...BROWSER, cookie: await signedCookie(tokens.organiser) };
  await photosStored(at(port200, "/houses"), member, 50);

  const bare: Target = {
    label: "bare Remix hello",
    url: at(barePort, "/"),
    goal: 1,
    headers: BROWSER,
    paint: true,
  };
  const memberGoal = POSTGRES ? 0.5 : 0.33;
  const heavyGoal = POSTGRES ? 0.2 : 0.33;
  const asMember = (page: string, goal = memberGoal, headers = member): Target => ({
    label: `${page} (member)`,
    url: at(port200, page),
    goal,
    headers,
    paint: true,
  });
  const targets: Target[] = [
    bare,
    ...["/", "/about", "/sgw25", "/results"].map((page) => ({
      label: `${page} (200 responses)`,
      url: at(port200, page),
      goal: 1,
      headers: BROWSER,
    })),
    { label: "/results (10,000 responses)", url: at(port10k, "/results"), goal: 0.5, headers: BROWSER },
    { label: "/auth (visitor)", url: at(port200, "/auth"), goal: memberGoal, headers: BROWSER, paint: true },
    asMember("/"),
    asMember("/results"),
    ...SURVEY_SECTIONS.map((section) => asMember(`/survey/${section}`)),
    asMember("/houses", heavyGoal),
    asMember("/houses-suggest"),
    asMember("/results-summary", heavyGoal),
    asMember("/organiser", memberGoal, organiser),
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
  // The slow phone, after the load: one page at a time on an otherwise idle server.
  const paints = new Map<Target, Paint>();
  if (PAINT_RUNS > 0) {
    for (const target of targets.filter((t) => t.paint)) {
      paints.set(
        target,
        await paint(target.url.replace("127.0.0.1", "localhost"), target.headers, PAINT_RUNS),
      );
    }
  }

  const bareRate = median(runs.get(bare)!.map((run) => run.perSecond));
  console.log(
    `${CONNECTIONS} connections, median of ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s, ` +
      `database: ${POSTGRES ? "PostgreSQL" : "PGlite"}; HTML and JS: gzip bytes; LCP and TBT: ` +
      `Lighthouse mobile, devtools throttling, median of ${PAINT_RUNS}`,
  );
  console.log(
    `${"page".padEnd(30)}${"req/s".padStart(8)}${"p50 ms".padStart(9)}${"p97.5 ms".padStart(10)}` +
      `${"vs bare".padStart(9)}${"goal".padStart(7)}${"HTML".padStart(10)}${"JS".padStart(10)}` +
      `${"LCP ms".padStart(9)}${"TBT ms".padStart(8)}`,
  );
  // How far each page is from its goals: above 1 means missed. Throughput against the bare page;
  // LCP against 0.8 s and TBT against 50 ms.
  let worst: { label: string; score: number; text: string } | undefined;
  const judge = (label: string, score: number, text: string) => {
    if (!worst || score > worst.score) worst = { label, score, text };
  };
  for (const target of targets) {
    const loads = runs.get(target)!;
    const rate = median(loads.map((run) => run.perSecond));
    const ratio = rate / bareRate;
    const bytes = await weight(target);
    const painted = paints.get(target);
    console.log(
      `${target.label.padEnd(30)}${rate.toFixed(0).padStart(8)}` +
        `${median(loads.map((run) => run.p50))
          .toFixed(1)
          .padStart(9)}` +
        `${median(loads.map((run) => run.p975))
          .toFixed(1)
          .padStart(10)}${ratio.toFixed(2).padStart(9)}` +
        `${`≥${target.goal}`.padStart(7)}${kb(bytes.html).padStart(10)}${kb(bytes.js).padStart(10)}` +
        `${(painted ? painted.lcp.toFixed(0) : "").padStart(9)}${(painted ? painted.tbt.toFixed(0) : "").padStart(8)}`,
    );
    if (target === bare) continue;
    judge(target.label, target.goal / ratio, `${ratio.toFixed(2)}× the bare page (goal ≥ ${target.goal}×)`);
    if (painted) {
      judge(
        target.label,
        painted.lcp / LCP_GOAL_MS,
        `LCP ${painted.lcp.toFixed(0)} ms (goal ≤ ${LCP_GOAL_MS} ms)`,
      );
      judge(
        target.label,
        painted.tbt / TBT_GOAL_MS,
        `TBT ${painted.tbt.toFixed(0)} ms (goal ≤ ${TBT_GOAL_MS} ms)`,
      );
    }
  }
  if (worst)
    console.log(
      `worst against its goal: ${worst.label}, ${worst.text}: ${worst.score <= 1 ? "met" : "NOT met"}`,
    );
} finally {
  for (const server of servers) await stopServer(server);
  await images?.close();
  rmSync(work, { recursive: true, force: true });
  if (POSTGRES && dropped.length) {
    const admin = postgres(POSTGRES, { max: 1, onnotice: () => {} });
    for (const name of dropped) await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
