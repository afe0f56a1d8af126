import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * patches/postgres+3.4.9.patch exists for porsager/postgres#1208: when the backend of a reserved
 * connection is ended while the connection waits to write, postgres.js 3.4.9 throws from a timer
 * (`socket.write` on a closed socket) and the process dies, where a rejected query was due. This test
 * runs the issue's own reproduction in a child process against TEST_DATABASE_URL's server, waiting
 * for the driver to see the close before the next query (else the query may be written first and
 * fail with ECONNRESET, a race the issue is not about). It fails
 * without the patch (the child exits 1 with the TypeError); when a release of postgres.js passes it
 * unpatched, the patch can go (docs/upgrading.md).
 */
const REPRODUCTION = `
import postgres from "postgres";
const url = process.env.TEST_DATABASE_URL;
let closedOnce;
const closed = new Promise((resolve) => (closedOnce = resolve));
const sql = postgres(url, { max: 2, onnotice: () => {}, onclose: () => closedOnce() });
const killer = postgres(url, { max: 1, onnotice: () => {} });
const reserved = await sql.reserve();
const [{ pid }] = await reserved\`select pg_backend_pid() as pid\`;
await killer\`select pg_terminate_backend(\${pid})\`;
// The driver has seen its socket close (the issue's order: the backend is gone, then a query).
await closed;
const outcomes = [];
for (let i = 0; i < 2; i += 1) {
  outcomes.push(await reserved\`select 1 as one\`.then(() => "answered", (error) => error.code ?? error.message));
}
reserved.release();
const [{ one }] = await killer\`select 1 as one\`;
await Promise.all([sql.end({ timeout: 1 }), killer.end({ timeout: 1 })]);
console.log(JSON.stringify({ outcomes, poolStillAnswers: one === 1 }));
`;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "postgres.js on a reserved connection whose backend ended",
  () => {
    it("rejects the next queries with CONNECTION_CLOSED instead of ending the process (porsager/postgres#1208)", async () => {
      const run = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", REPRODUCTION], {
        env: { ...process.env },
        timeout: 20_000,
      }).catch((error: { code?: number; stdout?: string; stderr?: string }) => error);
      expect(run.stderr ?? "", "the child process's errors").not.toMatch(/TypeError/);
      expect(JSON.parse(run.stdout ?? "")).toEqual({
        outcomes: ["CONNECTION_CLOSED", "CONNECTION_CLOSED"],
        poolStillAnswers: true,
      });
    });
  },
);
