/**
 * `npm test`: everything, in the order CI runs it — the build, Vitest (unit and database), Playwright
 * and the system tests — stopping at the first stage that fails, and printing at the end how long
 * each stage took, so the suite's time is a measurement, never a sentence in a README. Under
 * `.ci/run` (STAGE_TIMES names its file) the rows join the run's own stages, and .ci/run prints them.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const STAGES = [
  ["build", "npm", ["run", "build"]],
  ["vitest (unit and database)", "npx", ["vitest", "run"]],
  ["playwright", "npx", ["playwright", "test"]],
  ["system tests", "npx", ["vitest", "run", "--config", "vitest.system.config.ts"]],
];

const rows = [];
let failed;
for (const [name, command, args] of STAGES) {
  const started = performance.now();
  const run = spawnSync(command, args, { stdio: "inherit" });
  const seconds = Math.round((performance.now() - started) / 1000);
  rows.push([name, seconds]);
  if (process.env.STAGE_TIMES) appendFileSync(process.env.STAGE_TIMES, `${name}\t${seconds}\n`);
  if (run.status !== 0) {
    failed = `npm test: ${name} failed (${run.status ?? run.signal})`;
    break;
  }
}
if (!process.env.STAGE_TIMES) {
  console.log("\nStage times:");
  for (const [name, seconds] of rows) console.log(`  ${name.padEnd(30)}${String(seconds).padStart(6)} s`);
}
if (failed) {
  console.error(failed);
  process.exit(1);
}
