/**
 * `npm run bench`: the app's pages side by side with a bare Remix v2 "hello" page built from the
 * same installed packages, served on the same machine in the same run. Each page is loaded at
 * CONNECTIONS keep-alive connections for ROUND_SECONDS per round; the rounds interleave the pages
 * (and rotate their order), so a busy machine slows all of them alike. Every request for a member's
 * or the organiser's page is one never made before (a cookie `bench=<n>` the app ignores), so each
 * is a real render, as a group's traffic is; the visitors' pages are asked for as visitors do, and their page
 * cache answers. It prints the median req/s, p50 / p97.5 latency, the server's CPU time per request,
 * the ratio to the bare page, the gzipped HTML and JS bytes of each page, and
 * for the bare page and every page a member uses, Lighthouse's LCP and TBT on a throttled phone.
 * Its verdict is what a member on a phone feels: LCP within 0.1 s of the bare page (/houses: of the
 * bare page showing the same photo), TBT ≤ 50 ms, the JavaScript budget, and no script file on a
 * read-only page. The server rates are printed beside the bare page's for information: the group
 * makes a few requests a minute, and no goal is met by patching a dependency (docs/upgrading.md).
 * The pages are one table (PAGES): a new page is one line. BENCH_PAGES=<regexp> measures only the
 * pages whose label matches (and the bare page).
 * Only 127.0.0.1 is contacted; the servers are always stopped. A script, not a test.
 */
import { execSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import postgres from "postgres";
import { startImageServer } from "../tests/support/image-server.mjs";
import {
  BENCH_SEASON,
  buildBareApp,
  cpuMs,
  firstHousePhoto,
  load,
  seed,
  startServer,
  stopServer,
  type Load,
} from "./bench-support";
import { paint, workText, type Paint } from "./bench-lighthouse";

const BASE_PORT = Number(process.env.BENCH_PORT ?? 3450);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 10;
const SECRET = "bench-session-secret-0123456789";
// Every page, the bare one too, is asked for with gzip only: the bare page "at its best". With a
// browser's "gzip, deflate, br" remix-serve's compression answers brotli, which cost the bare page
// about twice the server CPU of gzip per request, and the bench's anchor read 222 req/s where the
// same page answered 610-888 with gzip (scripts/bench-anchor.ts, docs/decisions/016-members-pages-floor.md).
const ENCODING = { "accept-encoding": "gzip" };

/** Who asks for a page: a visitor, a member, or the organiser (logged in by a session cookie). */
type Viewer = "visitor" | "member" | "organiser";
/**
 * The seeded data a page is served from: 200 members, 50 houses and a decided season (40 on the trip
 * and paying, 300 expenses, 100 items), or 10,000 members.
 */
type Data = "n200" | "n10000";

/**
 * One line per page: its path, who asks, and whether it is read-only (no script file at all,
 * docs/decisions/003-js-off-first.md); every other page stays under the JavaScript budget. `paint`:
 * also measured in Lighthouse (LCP within 0.1 s of the bare page, or with `photo` of the bare page
 * showing the same photo; TBT ≤ 50 ms). A page the build does not have (404) is listed as missing,
 * so a line can be added before its page lands.
 */
type Page = {
  path: string;
  as: Viewer;
  readOnly?: boolean;
  data?: Data;
  paint?: boolean;
  /** Its LCP element is the first house photo: its paint is judged against the bare photo page. */
  photo?: boolean;
};
const SURVEY_SECTIONS = [1, 2, 3, 4, 5, 6, 7];
const PAGES: Page[] = [
  // Visitors: the page cache answers (docs/decisions/005-page-cache.md).
  { path: "/", as: "visitor", readOnly: true },
  { path: "/about", as: "visitor", readOnly: true },
  { path: "/sgw25", as: "visitor", readOnly: true },
  { path: "/results", as: "visitor", readOnly: true },
  { path: "/results", as: "visitor", readOnly: true, data: "n10000" },
  { path: "/auth", as: "visitor", paint: true },
  // Members' pages, every request a render (docs/decisions/029-render-path.md). /houses paints a
  // photo: its LCP is judged against the bare page with the same photo.
  { path: "/", as: "member", readOnly: true, paint: true },
  { path: "/results", as: "member", readOnly: true, paint: true },
  ...SURVEY_SECTIONS.map((section): Page => ({ path: `/survey/${section}`, as: "member", paint: true })),
  { path: "/houses", as: "member", readOnly: true, paint: true, photo: true },
  { path: "/houses-suggest", as: "member", paint: true },
  { path: "/results-summary", as: "member", readOnly: true, paint: true },
  { path: "/money", as: "member", paint: true },
  { path: "/trip", as: "member", paint: true },
  { path: "/account", as: "member", paint: true },
  // The organiser's pages, one task each.
  { path: "/organiser", as: "organiser", paint: true },
  ...["decide", "people", "houses", "mail", "event", "next-edition"].map((task): Page => ({
    path: `/organiser/${task}`,
    as: "organiser",
    paint: true,
  })),
  { path: "/money/setup", as: "organiser", paint: true },
  { path: "/trip/rooms", as: "organiser", paint: true },
];
// BENCH_PAGES (a regular expression) measures only the pages whose label matches, beside the bare page.
const ONLY = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : undefined;

type Target = {
  label: string;
  url: string;
  readOnly: boolean;
  headers: Record<string, string>;
  /** The server answering it, whose CPU time each request costs. */
  pid: number;
  /** Every request unlike any before (a member's or the organiser's page): the render path. */
  unique: boolean;
  paint?: boolean;
  /** The page whose LCP this one's is judged against: the bare page, or the bare page with its photo. */
  paintAnchor?: Target;
};

const PAINT_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const LCP_OVER_BARE_MS = 100;
const TBT_GOAL_MS = 50;
// The gzipped JavaScript a hydrating page may load (tests/e2e/budget.spec.ts holds the same budget).
const JS_BUDGET = 100 * 1024;

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

const labelOf = (page: Page) =>
  `${page.path} (${page.as}${page.data === "n10000" ? ", 10,000 responses" : ""})`;
const pages = PAGES.filter((page) => !ONLY || ONLY.test(labelOf(page)));

try {
  execSync("npx remix build", { stdio: ["ignore", "ignore", "inherit"] });
  buildBareApp(path.join(work, "bare"), projectRoot);
  const needs = (data: Data) => pages.some((page) => (page.data ?? "n200") === data);
  // The listing site: a full-size photo (some 250 KB of JPEG) for every house, fetched by the app.
  images = await startImageServer(BASE_PORT + 4);
  const databases = { n200: await database("n200"), n10000: await database("n10000") };
  const tokens = await seed(
    databases.n200,
    200,
    50,
    (i) => `${images!.url}/photo.jpg?w=1600&noise=1&h=${i}`,
    BENCH_SEASON,
  );
  if (needs("n10000")) await seed(databases.n10000, 10_000, 0);

  const appEnv = (port: number, name: Data) => ({
    APP_URL: `http://localhost:${port}`,
    DATABASE_URL: databases[name].url ?? "",
    ...(databases[name].pgliteDir ? { PGLITE_DIR: databases[name].pgliteDir } : {}),
    SESSION_SECRET: SECRET,
    RESEND_API_KEY: "",
    ADMIN_EMAILS: "bench-1@example.com",
    // The photo server above is on this machine.
    PHOTO_FETCH_ALLOW_PRIVATE: "1",
  });
  const ports: Record<Data, number> = { n200: BASE_PORT + 2, n10000: BASE_PORT + 3 };
  const barePort = BASE_PORT + 1;
  const pids = new Map<number, number>();
  const serve = async (cwd: string, port: number, env: Record<string, string>) => {
    const server = await startServer(cwd, port, env);
    servers.push(server);
    pids.set(port, server.pid!);
  };
  await serve(path.join(work, "bare"), barePort, {});
  await serve(projectRoot, ports.n200, appEnv(ports.n200, "n200"));
  if (needs("n10000")) await serve(projectRoot, ports.n10000, appEnv(ports.n10000, "n10000"));

  const at = (port: number, page: string) => `http://127.0.0.1:${port}${page}`;
  const viewers: Record<Viewer, Record<string, string>> = {
    visitor: ENCODING,
    member: { ...ENCODING, cookie: await signedCookie(tokens.member) },
    organiser: { ...ENCODING, cookie: await signedCookie(tokens.organiser) },
  };
  // The photo sweep would run beside the load: every seeded house's photo is stored first.
  await photosStored(at(ports.n200, "/houses"), viewers.member, 50);
  if (process.env.BENCH_HOLD) {
    // BENCH_HOLD=1: serve the seeded apps for a closer look (a browser, a trace) until stopped.
    console.log(`bare ${at(barePort, "/")}, app ${at(ports.n200, "/")}`);
    console.log(`member cookie: ${viewers.member.cookie}\norganiser cookie: ${viewers.organiser.cookie}`);
    await new Promise<void>((resolve) => process.once("SIGTERM", () => resolve()));
  }

  const bare: Target = {
    label: "bare Remix hello",
    url: at(barePort, "/"),
    readOnly: false,
    headers: ENCODING,
    pid: pids.get(barePort)!,
    unique: false,
    paint: true,
  };
  // /houses paints its first house photo, a request of its own: its floor is the bare page showing
  // the same phone-sized WebP, preloaded the same way (built now that the app has stored it).
  let barePhoto: Target | undefined;
  if (pages.some((page) => page.photo)) {
    const photo = await firstHousePhoto(at(ports.n200, "/houses"), viewers.member);
    buildBareApp(path.join(work, "bare-photo"), projectRoot, photo);
    await serve(path.join(work, "bare-photo"), BASE_PORT + 5, {});
    barePhoto = {
      ...bare,
      label: "bare Remix + /houses photo",
      url: at(BASE_PORT + 5, "/"),
      pid: pids.get(BASE_PORT + 5)!,
    };
  }
  const missing: string[] = [];
  const targets: Target[] = [bare, ...(barePhoto ? [barePhoto] : [])];
  for (const page of pages) {
    const port = ports[page.data ?? "n200"];
    const target: Target = {
      label: labelOf(page),
      url: at(port, page.path),
      readOnly: page.readOnly ?? false,
      headers: viewers[page.as],
      pid: pids.get(port)!,
      unique: page.as !== "visitor",
      paint: page.paint,
      paintAnchor: page.photo ? barePhoto : bare,
    };
    const status = (await fetch(target.url, { headers: target.headers, redirect: "manual" })).status;
    if (status === 404) missing.push(target.label);
    else targets.push(target);
  }

  // Warm-up: JIT, the database's caches and the app's own.
  for (const target of targets) await load(target.url, 1, CONNECTIONS, target.headers, target.unique);
  const runs = new Map<Target, (Load & { cpu: number })[]>(targets.map((target) => [target, []]));
  const loads: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let i = 0; i < targets.length; i += 1) {
      const target = targets[(i + round) % targets.length];
      const before = cpuMs(target.pid);
      const run = await load(target.url, ROUND_SECONDS, CONNECTIONS, target.headers, target.unique);
      // The server's CPU time per request: what a render (or a cached answer) costs it.
      runs.get(target)!.push({ ...run, cpu: (cpuMs(target.pid) - before) / run.requests });
      loads.push(loadavg()[0]);
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
  const anchors = new Set<Target | undefined>([bare, barePhoto]);
  console.log(
    `${CONNECTIONS} connections, median of ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s, ` +
      `database: ${POSTGRES ? "PostgreSQL" : "PGlite"}, Accept-Encoding: gzip; members' and the organiser's ` +
      `pages: every request unique, rendered; ms/req: the server's CPU time per request; ` +
      `HTML and JS: gzip bytes; ` +
      `LCP and TBT: Lighthouse mobile, devtools throttling, median of ${PAINT_RUNS}; ` +
      `load average during the rounds ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`,
  );
  console.log(
    `${"page".padEnd(34)}${"req/s".padStart(7)}${"p50 ms".padStart(8)}${"p97.5".padStart(8)}${"ms/req".padStart(8)}` +
      `${"vs bare".padStart(8)}${"HTML".padStart(9)}${"JS".padStart(9)}` +
      `${"LCP ms".padStart(8)}${"TBT ms".padStart(8)}  verdict`,
  );
  let short = 0;
  for (const target of targets) {
    const loads = runs.get(target)!;
    const rate = median(loads.map((run) => run.perSecond));
    const ratio = rate / bareRate;
    const bytes = await weight(target);
    const painted = paints.get(target);
    const misses: string[] = [];
    const anchorPaint = target.paintAnchor && paints.get(target.paintAnchor);
    if (!anchors.has(target)) {
      if (target.readOnly && bytes.js > 0) misses.push(`a read-only page loads ${kb(bytes.js)} of JS`);
      if (bytes.js > JS_BUDGET) misses.push(`JS > ${kb(JS_BUDGET)}`);
      if (painted && anchorPaint && painted.lcp > anchorPaint.lcp + LCP_OVER_BARE_MS)
        misses.push(
          `LCP > ${target.paintAnchor === bare ? "bare" : "bare + photo"} + ${LCP_OVER_BARE_MS} ms`,
        );
      if (painted && painted.tbt > TBT_GOAL_MS) misses.push(`TBT > ${TBT_GOAL_MS} ms`);
    }
    if (misses.length > 0) short += 1;
    console.log(
      `${target.label.padEnd(34)}${rate.toFixed(0).padStart(7)}` +
        `${median(loads.map((run) => run.p50))
          .toFixed(1)
          .padStart(8)}` +
        `${median(loads.map((run) => run.p975))
          .toFixed(1)
          .padStart(8)}${median(loads.map((run) => run.cpu))
          .toFixed(2)
          .padStart(8)}${ratio.toFixed(2).padStart(8)}` +
        `${kb(bytes.html).padStart(9)}${kb(bytes.js).padStart(9)}` +
        `${(painted ? painted.lcp.toFixed(0) : "").padStart(8)}${(painted ? painted.tbt.toFixed(0) : "").padStart(8)}` +
        `  ${anchors.has(target) ? "anchor" : misses.length ? `SHORT: ${misses.join(", ")}` : "met"}`,
    );
  }
  for (const label of missing) console.log(`${label.padEnd(34)} not in this build (404)`);
  // Where each painted page's main thread went (issue 58): what to cut first, said by the trace itself.
  if (paints.size > 0) {
    console.log("where the main thread's time goes (ms, the median-TBT run's trace):");
    for (const [target, painted] of paints) console.log(`${target.label.padEnd(34)}${workText(painted)}`);
  }
  console.log(
    short === 0
      ? `every page measured met its goals`
      : `${short} of ${targets.filter((target) => !anchors.has(target)).length} pages short of a goal`,
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
