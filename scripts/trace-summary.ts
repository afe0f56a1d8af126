/**
 * What a page's long tasks did, from a Chromium trace the bench kept (BENCH_TRACE_DIR): each task of
 * the page's main thread over 30 ms (the bare page's own tasks reach 40–47 ms on the bench's
 * throttled phone), with the trace events inside it that took the most time (Layout,
 * UpdateLayoutTree, ParseHTML, v8.evaluateModule, the navigation's commit…), then when each request
 * went out and finished and when the page painted. The finding behind issue 58.
 *
 *   npx tsx scripts/trace-summary.ts /tmp/traces/_money-4.json
 */
import { readFileSync } from "node:fs";

type Event = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
};

const LONG_US = 30_000;
const file = process.argv[2];
if (!file) throw new Error("usage: npx tsx scripts/trace-summary.ts <trace.json>");
const raw = JSON.parse(readFileSync(file, "utf8")) as { traceEvents: Event[] } | Event[];
const events = Array.isArray(raw) ? raw : raw.traceEvents;

const ms = (us: number) => (us / 1000).toFixed(0);
const path = (url: unknown) => String(url ?? "").replace(/^[a-z]+:\/\/[^/]+/, "");

// The page's main thread: the renderer main thread that ran the most.
const busy = (pid: number, tid: number) =>
  events
    .filter((e) => e.pid === pid && e.tid === tid && e.name === "RunTask")
    .reduce((sum, e) => sum + (e.dur ?? 0), 0);
const main = events
  .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
  .sort((a, b) => busy(b.pid, b.tid) - busy(a.pid, a.tid))[0];
if (!main) throw new Error(`${file}: no renderer main thread`);
const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
const requests = events.filter((e) => e.name === "ResourceSendRequest");
const start = Math.min(...requests.map((e) => e.ts));

console.log(`${file} (ms from the document's request)`);
for (const task of onMain.filter((e) => e.name === "RunTask" && (e.dur ?? 0) > LONG_US)) {
  const end = task.ts + (task.dur ?? 0);
  const inside = new Map<string, number>();
  for (const e of onMain) {
    if (e === task || e.ph !== "X" || e.ts < task.ts || e.ts >= end) continue;
    const key = `${e.name}${e.args?.data?.url ? ` ${path(e.args.data.url)}` : ""}`;
    inside.set(key, (inside.get(key) ?? 0) + (e.dur ?? 0));
  }
  const top = [...inside]
    .sort(([, a], [, b]) => b - a)
    .slice(0, 5)
    .map(([key, us]) => `${key} ${ms(us)}`);
  console.log(`task at ${ms(task.ts - start)}: ${ms(task.dur ?? 0)} ms  (${top.join(", ")})`);
}
const finished = new Map(
  events.filter((e) => e.name === "ResourceFinish").map((e) => [e.args?.data?.requestId, e]),
);
for (const request of requests) {
  const done = finished.get(request.args?.data?.requestId);
  const bytes = done?.args?.data?.encodedDataLength;
  console.log(
    `request ${ms(request.ts - start)}–${done ? ms(done.ts - start) : "?"}: ${path(request.args?.data?.url).slice(0, 80)}${bytes ? ` (${bytes} B)` : ""}`,
  );
}
for (const name of ["firstContentfulPaint", "largestContentfulPaint::Candidate"]) {
  for (const paint of events.filter((e) => e.name === name)) {
    const data = paint.args?.data ?? {};
    console.log(`${name} at ${ms(paint.ts - start)}${data.nodeName ? `: ${String(data.nodeName)}` : ""}`);
  }
}
