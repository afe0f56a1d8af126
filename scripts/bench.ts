/**
 * `npm run bench`: how /results holds up as responses grow. For each N it seeds N survey responses
 * into a fresh PGlite directory, serves the production build on it, and prints the median and p95
 * latency and the requests per second of /results, then the gzipped HTML and JS bytes of the page.
 * Only 127.0.0.1 is contacted, with a fixed number of requests; the server is always stopped.
 */
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { openDatabase } from "~/db/client.server";
import { surveys, users } from "~/db/schema";
import { WINDOWS } from "~/lib/weekends";

const SIZES = [200, 10_000];
const PORT = Number(process.env.BENCH_PORT ?? 3450);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SEQUENTIAL_REQUESTS = 40;
const CONCURRENT_REQUESTS = 80;
const CONCURRENCY = 4;

/** A small deterministic PRNG so every run seeds the same answers. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function seed(dir: string, count: number) {
  const connection = openDatabase({ pgliteDir: dir });
  await connection.migrate();
  const next = random(count);
  const pick = <T>(choices: readonly T[]) => choices[Math.floor(next() * choices.length)];
  const yesNo = () => pick(["yes", "no"] as const);
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const members = await connection.db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          email: `bench-${start + i}@example.com`,
          // Nobody logs in during the bench, so no real password hash is needed.
          passwordHash: "bench-no-login",
          name: `Bench ${start + i}`,
        })),
      )
      .returning({ id: users.id });
    await connection.db.insert(surveys).values(
      members.map(({ id }) => {
        const first = Math.floor(next() * WINDOWS.length);
        return {
          userId: id,
          name: `Bench ${id}`,
          attending: pick(["yes", "yes", "maybe", "no"] as const),
          availability: Object.fromEntries(
            WINDOWS.map((label, week) => [label, Math.abs(week - first) < 3 && next() < 0.7]),
          ),
          sgw_extension: pick(["no", "beginning", "end", "both"] as const),
          countries: { usa: next() < 0.8, canada: next() < 0.5, mexico: next() < 0.4 },
          previous_locale: yesNo(),
          sober: yesNo(),
          extra_guests: { boo: next() < 0.3, child: next() < 0.2 },
          share_room: yesNo(),
          shirt_size: { self: pick(["s", "m", "l", "xl"]), boo: "", child: "" },
          fate_change: pick(["aye", "nay"] as const),
          sgw24_attendee: yesNo(),
        };
      }),
    );
  }
  await connection.close();
}

async function startServer(dir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      APP_URL: `http://localhost:${PORT}`,
      PGLITE_DIR: dir,
      DATABASE_URL: "",
      SESSION_SECRET: "bench-session-secret-0123456789",
      RESEND_API_KEY: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopServer(server);
  throw new Error("The server did not answer /healthz within 60 s");
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

async function timedGet(url: string) {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return { ms: performance.now() - started, body };
}

function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

async function measure() {
  for (let i = 0; i < 5; i += 1) await timedGet(`${ORIGIN}/results`);
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL_REQUESTS; i += 1) times.push((await timedGet(`${ORIGIN}/results`)).ms);
  times.sort((a, b) => a - b);

  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (issued < CONCURRENT_REQUESTS) {
        issued += 1;
        await timedGet(`${ORIGIN}/results`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    median: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    perSecond: CONCURRENT_REQUESTS / seconds,
  };
}

/** Gzipped bytes of the /results document and of every script it loads. */
async function pageWeight() {
  const { body: html } = await timedGet(`${ORIGIN}/results`);
  const sources = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+\.js)"/g))
    sources.add(match[1]);
  for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g))
    sources.add(match[1]);
  let js = 0;
  for (const source of sources)
    js += gzipSync(await timedGet(new URL(source, ORIGIN).href).then((r) => r.body)).length;
  return { html: gzipSync(html).length, js, scripts: sources.size };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

execSync("npx remix build", { stdio: ["ignore", "ignore", "inherit"] });
const root = mkdtempSync(path.join(tmpdir(), "sgw25-bench-"));
try {
  for (const count of SIZES) {
    const dir = path.join(root, `n${count}`);
    const seeding = performance.now();
    await seed(dir, count);
    console.log(`N = ${count}: seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const server = await startServer(dir);
    try {
      const { median, p95, perSecond } = await measure();
      console.log(
        `  /results  median ${median.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  ${perSecond.toFixed(1)} req/s ` +
          `(${SEQUENTIAL_REQUESTS} sequential, ${CONCURRENT_REQUESTS} at concurrency ${CONCURRENCY})`,
      );
      const weight = await pageWeight();
      console.log(
        `  /results  HTML ${kb(weight.html)} gzipped, JS ${kb(weight.js)} gzipped in ${weight.scripts} files`,
      );
    } finally {
      await stopServer(server);
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
