/**
 * Why the bench's bare Remix page answered 222 req/s where the same page answered 610-888 outside:
 * the bare app, as the bench builds and serves it, loaded by the bench's own load generator with
 * each Accept-Encoding in interleaved rounds. Beside req/s it prints the CPU time each request cost
 * the server and the load generator (from /proc and process.cpuUsage), which a busy machine
 * disturbs far less than req/s: throughput on a quiet machine is about 1000 / server ms per request
 * while the server has a core of its own. `npx tsx scripts/bench-anchor.ts` (127.0.0.1 only).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { buildBareApp, cpuMs, load, startServer, stopServer } from "./bench-support";

const PORT = Number(process.env.BENCH_PORT ?? 3450) + 1;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const VARIANTS = [
  ["br (what the bench sent)", { "accept-encoding": "gzip, deflate, br" }],
  ["gzip", { "accept-encoding": "gzip" }],
  ["none", {}],
] as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const work = mkdtempSync(path.join(tmpdir(), "sgw25-anchor-"));
buildBareApp(path.join(work, "bare"), process.cwd());
const server = await startServer(path.join(work, "bare"), PORT, {});
const url = `http://127.0.0.1:${PORT}/`;
try {
  for (const [, headers] of VARIANTS) await load(url, 1, 10, headers);
  const results = new Map<string, { rate: number[]; p50: number[]; server: number[]; generator: number[] }>();
  const loads: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let i = 0; i < VARIANTS.length; i += 1) {
      const [name, headers] = VARIANTS[(i + round) % VARIANTS.length];
      const [serverBefore, generatorBefore] = [cpuMs(server.pid!), process.cpuUsage()];
      const run = await load(url, SECONDS, 10, headers);
      const generator = process.cpuUsage(generatorBefore);
      const { requests } = run;
      const entry = results.get(name) ?? { rate: [], p50: [], server: [], generator: [] };
      entry.rate.push(run.perSecond);
      entry.p50.push(run.p50);
      entry.server.push((cpuMs(server.pid!) - serverBefore) / requests);
      entry.generator.push((generator.user + generator.system) / 1000 / requests);
      results.set(name, entry);
      loads.push(loadavg()[0]);
    }
  }
  console.log(
    `bare Remix hello, 10 connections, median of ${ROUNDS} interleaved rounds of ${SECONDS} s; ` +
      `load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`,
  );
  console.log(
    `${"encoding".padEnd(26)}${"req/s".padStart(7)}${"p50 ms".padStart(8)}` +
      `${"server ms/req".padStart(15)}${"generator ms/req".padStart(18)}`,
  );
  for (const [name, entry] of results) {
    console.log(
      `${name.padEnd(26)}${median(entry.rate).toFixed(0).padStart(7)}${median(entry.p50).toFixed(1).padStart(8)}` +
        `${median(entry.server).toFixed(2).padStart(15)}${median(entry.generator).toFixed(2).padStart(18)}`,
    );
  }
} finally {
  await stopServer(server);
  rmSync(work, { recursive: true, force: true });
}
