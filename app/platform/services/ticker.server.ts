import { env } from "~/platform/env.server";
import { keepsState } from "~/platform/lib/module-state";

/**
 * A job that runs in every server process: a first run soon after start (what came due while no
 * instance ran goes out then), then every `everyMs`. One run at a time per job; a failure is logged,
 * never thrown; the timers never keep the process alive. The job itself claims what it sends in
 * the database, so two instances running the same job never do a thing twice.
 */
const started = new Set<string>();
const timers = new Set<NodeJS.Timeout>();

keepsState(() => {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  started.clear();
});

export function startTicker(
  label: string,
  run: () => Promise<unknown>,
  { everyMs = env().jobsEveryMs, firstAfterMs = 2_000 }: { everyMs?: number; firstAfterMs?: number } = {},
) {
  if (started.has(label)) return;
  started.add(label);
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= run()
      .catch((error: unknown) => {
        console.error(`${label} failed:`, error instanceof Error ? error.message : String(error));
      })
      .finally(() => {
        running = undefined;
      });
  };
  timers.add(setInterval(tick, everyMs).unref());
  timers.add(setTimeout(tick, firstAfterMs).unref());
}
