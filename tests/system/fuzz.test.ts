/**
 * The fuzz run: at least 10,000 malformed, oversized, mistyped and mis-methoded requests over every
 * page action and /api route, malformed Host / X-Forwarded-Host headers and request targets on raw
 * sockets, and logins with a non-Latin-1 redirect, must end with zero 5xx (and zero dropped
 * connections).
 * FUZZ_COUNT and FUZZ_SEED change the run; `npm run fuzz` runs this file alone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fuzz, intentSweep } from "../support/fuzz";
import { seedDatabase, startAppServer, type AppServer } from "../support/processes";

const PORT = 3248;
let dir: string;
let app: AppServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sgw-fuzz-"));
  const pglite = path.join(dir, "pglite");
  seedDatabase({ PGLITE_DIR: pglite });
  app = await startAppServer(PORT, {
    PGLITE_DIR: pglite,
    SESSION_SECRET: "fuzz-test-secret-0123456789abcdef",
    ADMIN_EMAILS: "organiser@example.com",
  });
});

afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A member's session cookie, from the /auth page's login form. */
async function logIn(email: string) {
  const login = await fetch(`${app.url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
    body: new URLSearchParams({ intent: "login", redirect: "/", email, password: "sgw25-demo" }),
  });
  const cookie = login.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  expect(cookie).toMatch(/^sgw_session=/);
  return cookie;
}

it("answers every intent a plain object inherits without a 5xx and shows no one else’s address", async () => {
  // The organiser sees most pages; a member (not on the trip) sees the money page the leak came from.
  for (const email of ["organiser@example.com", "casey@example.com"]) {
    const report = await intentSweep({ baseUrl: app.url, origin: app.url, cookie: await logIn(email) });
    console.log(`intent sweep as ${email}: ${report.sent} posts`);
    expect(report.sent).toBeGreaterThan(19 * 2 * 10);
    expect(report.serverErrors).toEqual([]);
    expect(report.leaks).toEqual([]);
  }
}, 300_000);

it("answers every fuzzed request without a 5xx", async () => {
  const cookie = await logIn("organiser@example.com");
  const api = await fetch(`${app.url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "alex@example.com", password: "sgw25-demo" }),
  });
  const { token } = (await api.json()) as { token: string };

  const count = Number(process.env.FUZZ_COUNT ?? 10_000);
  const report = await fuzz({
    baseUrl: app.url,
    origin: app.url,
    cookie,
    bearer: token,
    count,
    seed: Number(process.env.FUZZ_SEED ?? 25),
  });
  console.log(
    `fuzz: ${report.sent} requests (${JSON.stringify(report.byKind)}); by status ${JSON.stringify(report.byStatus)}; ` +
      `${report.unicodeRedirects} logins sent on to a non-Latin-1 redirect`,
  );
  expect(report.sent).toBe(count);
  // Raw requests with malformed Host / X-Forwarded-Host / targets, and Unicode-redirect logins
  // that really logged in, each a real share of the run.
  expect(report.byKind.wire).toBeGreaterThan(count / 10);
  expect(report.byKind.unicodeLogin).toBeGreaterThan(count / 100);
  expect(report.unicodeRedirects).toBe(report.byKind.unicodeLogin);
  if (process.env.FUZZ_DUMP) console.log(report.serverErrors.join("\n"), app.logs());
  expect(report.serverErrors.slice(0, 20)).toEqual([]);
  expect(app.logs()).not.toMatch(/\n\s+at .*\((file|node):/);
}, 600_000);
