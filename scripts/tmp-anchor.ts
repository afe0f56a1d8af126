import path from "node:path";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir, loadavg } from "node:os";
import { buildBareApp, load, startServer, stopServer } from "./bench-support";
const dir = mkdtempSync(path.join(tmpdir(), "anchor-"));
buildBareApp(path.join(dir, "bare"), process.cwd());
const server = await startServer(path.join(dir, "bare"), 3805, {});
const url = "http://127.0.0.1:3805/";
const cpu = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) * 10; // ms (CLK_TCK 100)
};
const variants = [
  ["br", { "accept-encoding": "gzip, deflate, br" }],
  ["gzip", { "accept-encoding": "gzip" }],
  ["identity", {}],
] as const;
try {
  for (const [, h] of variants) await load(url, 1, 10, h);
  const rows: Record<string, string[]> = {};
  for (let round = 0; round < 3; round++) {
    for (const [name, headers] of variants) {
      const s0 = cpu(server.pid!);
      const g0 = process.cpuUsage();
      const r = await load(url, 3, 10, headers);
      const g = process.cpuUsage(g0);
      const n = r.perSecond * 3;
      (rows[name] ??= []).push(
        `${r.perSecond.toFixed(0)} req/s p50 ${r.p50.toFixed(1)} | server ${((cpu(server.pid!) - s0) / n).toFixed(2)} ms cpu/req, generator ${((g.user + g.system) / 1000 / n).toFixed(2)} ms cpu/req | load ${loadavg()[0].toFixed(2)}`,
      );
    }
  }
  for (const [name, list] of Object.entries(rows)) console.log(name.padEnd(9), list.join("\n          "));
  const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
  console.log("bytes", (await res.text()).length);
} finally {
  await stopServer(server);
}
