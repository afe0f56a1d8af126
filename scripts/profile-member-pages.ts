/**
 * A CPU profile of the built server under a member's load, page by page: seeds the bench's data
 * (200 responses, 50 houses with full-size photos) on a throwaway PGlite directory (or a database
 * on BENCH_DATABASE_URL), lets a server store the photos, then for each page starts `remix-serve`
 * under `node --cpu-prof`, loads the page for PROFILE_SECONDS at 10 connections and prints the
 * self time by package and the top functions. `npx tsx scripts/profile-member-pages.ts [pages]`.
 * A script, not a test.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { startImageServer } from "../tests/support/image-server.mjs";
import { BENCH_SEASON, cpuMs, load, seed } from "./bench-support";

const PORT = Number(process.env.BENCH_PORT ?? 3450) + 20;
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const SECRET = "bench-session-secret-0123456789";
const POSTGRES = process.env.BENCH_DATABASE_URL;
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ["/houses", "/organiser", "/survey/2"];

type Profile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
};

/**
 * Self time by package and by function, in per cent of the samples taken in the last `seconds` of
 * the profile (the measured load; the server's start and warm-up come before).
 */
function report(profile: Profile, seconds: number) {
  const self = new Map<number, number>();
  const times: number[] = [];
  profile.timeDeltas.reduce((at, delta, i) => (times[i] = at + delta), 0);
  const from = times.at(-1)! - seconds * 1e6;
  profile.samples.forEach((id, i) => {
    if (times[i] >= from) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const time = self.get(node.id) ?? 0;
    total += time;
    const { functionName, url: source, lineNumber } = node.callFrame;
    const where = source
      .replace(/^.*node_modules\//, "")
      .replace(/^file:\/\/.*\/build\/([^?]*).*$/, "build/$1");
    const name = `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + time);
    const pkg = source.includes("node_modules/")
      ? source.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, "$1")
      : source.includes("/build/")
        ? "app (build/)"
        : source.startsWith("node:")
          ? "node:*"
          : source || functionName || "(native)";
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${name}`)
      .join("\n");
  console.log(`self time by package (${(total / 1e6).toFixed(1)} s sampled):\n${top(byPackage, 12)}`);
  console.log(`top functions by self time:\n${top(byFunction, 20)}`);
}

const work = mkdtempSync(path.join(tmpdir(), "sgw25-profile-"));
const images = await startImageServer(PORT + 1);
let database: string | undefined;
let target: { url?: string; pgliteDir?: string } = { pgliteDir: path.join(work, "db") };
if (POSTGRES) {
  database = `sgw25_profile_${process.pid}`;
  const admin = postgres(POSTGRES, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${database}"`);
  await admin.end();
  const url = new URL(POSTGRES);
  url.pathname = `/${database}`;
  target = { url: url.toString() };
}

const url = (page: string) => `http://127.0.0.1:${PORT}${page}`;

function start(profileDir?: string): ChildProcess {
  return spawn(
    process.execPath,
    [
      ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
      "node_modules/@remix-run/serve/dist/cli.js",
      "build/index.js",
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        APP_URL: `http://localhost:${PORT}`,
        DATABASE_URL: target.url ?? "",
        ...(target.pgliteDir ? { PGLITE_DIR: target.pgliteDir } : {}),
        SESSION_SECRET: SECRET,
        RESEND_API_KEY: "",
        ADMIN_EMAILS: "bench-1@example.com",
        PHOTO_FETCH_ALLOW_PRIVATE: "1",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
}

async function ready() {
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(url("/"))).status < 500) return;
    } catch {
      if (tries > 240) throw new Error("The server did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGINT");
  await exited;
}

let server: ChildProcess | undefined;
try {
  const tokens = await seed(
    target,
    200,
    50,
    (i) => `${images.url}/photo.jpg?w=1600&noise=1&h=${i}`,
    BENCH_SEASON,
  );
  const { createCookie } = await import("@remix-run/node");
  const cookie = (token: string) => createCookie("sgw_session", { secrets: [SECRET] }).serialize(token);
  const member = { "accept-encoding": "gzip", cookie: await cookie(tokens.member) };
  const organiser = { "accept-encoding": "gzip", cookie: await cookie(tokens.organiser) };
  const headersFor = (page: string) =>
    /^\/(organiser|money\/setup|trip\/rooms)/.test(page) ? organiser : member;

  // First the photos are stored, as in the bench, by a server that is not profiled.
  server = start();
  await ready();
  for (const deadline = Date.now() + 180_000; ;) {
    const html = await (await fetch(url("/houses"), { headers: member })).text();
    if (new Set(html.match(/\/photos\/\d+-400\.[0-9a-f]{12}\.webp/g) ?? []).size >= 50) break;
    if (Date.now() > deadline) throw new Error("The house photos were not stored in 3 minutes");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await stop(server);

  // Then one profiled server per page: a warm-up, then the measured load.
  for (const [index, page] of pages.entries()) {
    const profiles = path.join(work, `profiles-${index}`);
    server = start(profiles);
    await ready();
    // Every request unique, as in the bench: the render path.
    await load(url(page), 3, 4, headersFor(page), true);
    const before = cpuMs(server.pid!);
    const result = await load(url(page), SECONDS, 10, headersFor(page), true);
    const perRequest = (cpuMs(server.pid!) - before) / result.requests;
    await stop(server);
    const file = readdirSync(profiles).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("No profile was written");
    console.log(
      `\n== ${page}: ${result.perSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, ` +
        `${perRequest.toFixed(2)} ms CPU per request (profiler on)`,
    );
    report(JSON.parse(readFileSync(path.join(profiles, file), "utf8")) as Profile, SECONDS);
  }
} finally {
  if (server) await stop(server);
  await images.close();
  if (database && POSTGRES) {
    const admin = postgres(POSTGRES, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
  rmSync(work, { recursive: true, force: true });
}
