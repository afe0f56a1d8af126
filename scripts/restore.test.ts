/**
 * `npm run restore` as a person runs it, on files it must refuse (issue 53): one line that says what
 * is wrong and that nothing was restored, a failing exit code, no stack trace, and no database
 * directory made for a file refused before it is opened.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { serverEnv } from "../tests/support/processes";

const dir = mkdtempSync(path.join(tmpdir(), "sgw-restore-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function restore(file: string, pgliteDir = path.join(dir, "pglite")) {
  const run = spawnSync("npx", ["tsx", "scripts/restore.ts", file], {
    env: serverEnv({ PGLITE_DIR: pgliteDir }),
    encoding: "utf8",
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr.trim() };
}

const file = (name: string, text: string) => {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
};

const backup = readFileSync("tests/support/backup-format-1.jsonl", "utf8");
const [header, ...rest] = backup.split("\n");
const { schema: _schema, ...withoutSchema } = JSON.parse(header!) as Record<string, unknown>;

describe("npm run restore", () => {
  it("answers a missing, damaged or headless file, and a database it cannot open, with one line", () => {
    const notADirectory = file("not-a-directory", "");
    const cases: Array<[string, ReturnType<typeof restore>, RegExp]> = [
      ["a missing file", restore(path.join(dir, "nowhere.jsonl")), /nowhere\.jsonl/],
      ["a damaged file", restore(file("damaged.jsonl", "\u0000\u0001 not json\n{")), /not a planner backup/],
      [
        "a header without schema",
        restore(file("headless.jsonl", [JSON.stringify(withoutSchema), ...rest].join("\n"))),
        /header/,
      ],
      ["a database it cannot open", restore(file("good.jsonl", backup), notADirectory), /not-a-directory/],
    ];
    for (const [what, run, reason] of cases) {
      expect.soft(run.status, what).toBe(1);
      expect.soft(run.stdout, what).toBe("");
      expect.soft(run.stderr.split("\n"), `${what}: ${run.stderr}`).toHaveLength(1);
      expect.soft(run.stderr, what).toMatch(reason);
      expect.soft(run.stderr, what).toMatch(/Nothing was restored\.$/);
    }
    expect(existsSync(path.join(dir, "pglite"))).toBe(false);
  }, 120_000);
});
