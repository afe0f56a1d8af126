/**
 * The bench's slow-phone measure: Lighthouse (mobile, devtools throttling: the network and the CPU
 * really slowed, 150 ms RTT, 1.6 Mbps, 4x CPU) in Debian's Chromium, a fresh browser per run, each
 * run under a time limit. Returns the median LCP and TBT of `runs` runs.
 */
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse from "lighthouse";

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

export type Paint = { lcp: number; tbt: number };

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
      const audits = result?.lhr.audits;
      const lcp = audits?.["largest-contentful-paint"]?.numericValue;
      const tbt = audits?.["total-blocking-time"]?.numericValue;
      if (lcp === undefined || tbt === undefined) {
        throw new Error(
          `Lighthouse measured nothing on ${url}: ${result?.lhr.runtimeError?.message ?? "no result"}`,
        );
      }
      return { lcp, tbt };
    })();
    return await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
    chrome?.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median LCP and TBT (ms) of `runs` cold loads of `url` with `headers` (e.g. a session cookie). */
export async function paint(url: string, headers: Record<string, string>, runs: number): Promise<Paint> {
  const results: Paint[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await once(url, headers));
  return { lcp: median(results.map((r) => r.lcp)), tbt: median(results.map((r) => r.tbt)) };
}
