/**
 * The bench's slow-phone measure: Lighthouse (mobile, devtools throttling: the network and the CPU
 * really slowed, 150 ms RTT, 1.6 Mbps, 4x CPU) in Debian's Chromium, a fresh browser per run, each
 * run under a time limit. Returns the median LCP and TBT of `runs` runs.
 */
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const RUN_TIMEOUT_MS = 120_000;
// BENCH_TRACE_DIR=<dir> keeps each run's Chromium trace (<page>-<run>.json) for a closer look
// (scripts/trace-summary.ts says what the longest tasks did).
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
let traces = 0;

/**
 * `work`: where the main thread's time went in the trace Lighthouse took under the same throttling
 * (its mainthread-work-breakdown, ms per group: script evaluation, style & layout, parse HTML, …),
 * and `longest`: the longest task (ms), whose part over 50 ms is the largest share of TBT.
 */
export type Paint = { lcp: number; tbt: number; work: Record<string, number>; longest: number };

type Breakdown = { details?: { items?: Array<{ groupLabel?: string; group?: string; duration?: number }> } };
type LongTasks = { details?: { items?: Array<{ duration?: number }> } };

async function once(url: string, headers: Record<string, string>): Promise<Paint> {
  let chrome: LaunchedChrome | undefined;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Lighthouse took over ${RUN_TIMEOUT_MS / 1000} s on ${url}`)),
      RUN_TIMEOUT_MS,
    );
  });
  try {
    const run = (async () => {
      chrome = await launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, logLevel: "silent" });
      const result = await lighthouse(
        url,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
        {
          extends: "lighthouse:default",
          settings: { throttlingMethod: "devtools", extraHeaders: headers, onlyCategories: ["performance"] },
        },
      );
      if (TRACE_DIR && result?.artifacts.Trace) {
        traces += 1;
        const name = `${new URL(url).pathname.replace(/\W+/g, "_")}-${traces}.json`;
        writeFileSync(join(TRACE_DIR, name), JSON.stringify(result.artifacts.Trace));
      }
      const audits = result?.lhr.audits;
      const lcp = audits?.["largest-contentful-paint"]?.numericValue;
      const tbt = audits?.["total-blocking-time"]?.numericValue;
      if (lcp === undefined || tbt === undefined) {
        throw new Error(
          `Lighthouse measured nothing on ${url}: ${result?.lhr.runtimeError?.message ?? "no result"}`,
        );
      }
      const work: Record<string, number> = {};
      for (const item of (audits?.["mainthread-work-breakdown"] as Breakdown | undefined)?.details?.items ??
        [])
        work[item.groupLabel ?? item.group ?? "other"] = item.duration ?? 0;
      const tasks = (audits?.["long-tasks"] as LongTasks | undefined)?.details?.items ?? [];
      const longest = Math.max(0, ...tasks.map((task) => task.duration ?? 0));
      return { lcp, tbt, work, longest };
    })();
    return await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
    chrome?.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Median LCP and TBT (ms) of `runs` cold loads of `url` with `headers` (e.g. a session cookie), with
 * the work breakdown and longest task of the run whose TBT is the median.
 */
export async function paint(url: string, headers: Record<string, string>, runs: number): Promise<Paint> {
  const results: Paint[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await once(url, headers));
  const tbt = median(results.map((r) => r.tbt));
  const typical = results.find((r) => r.tbt === tbt)!;
  return { lcp: median(results.map((r) => r.lcp)), tbt, work: typical.work, longest: typical.longest };
}

/** "Script Evaluation 412, Style & Layout 180, Parse HTML & CSS 61; longest task 214": the top three. */
export function workText(painted: Paint): string {
  const top = Object.entries(painted.work)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 3)
    .map(([group, ms]) => `${group} ${ms.toFixed(0)}`);
  return `${top.join(", ")}; longest task ${painted.longest.toFixed(0)}`;
}
