/**
 * The production server bound to loopback behind a proxy, as docs/deploying.md advises, reached directly
 * by a client that is not the proxy: its X-Forwarded-For is not believed, and what it sends never
 * puts a secret into the access log or a stack trace into the log.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase, startAppServer, type AppServer } from "../support/processes";

const APP_PORT = 3260;
// Loopback aliases stand for three machines: the app's, the proxy's, and a client's.
const APP_HOST = "127.0.0.1";
const PROXY = "127.0.0.2";
const CLIENT = "127.0.0.3";
const APP = `http://${APP_HOST}:${APP_PORT}`;

let dir: string;
let app: AppServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sgw-direct-"));
  const pglite = path.join(dir, "pglite");
  seedDatabase({ PGLITE_DIR: pglite });
  app = await startAppServer(APP_PORT, {
    PGLITE_DIR: pglite,
    HOST: APP_HOST,
    TRUST_PROXY: PROXY,
    SESSION_SECRET: "direct-port-test-secret-0123456789",
  });
}, 300_000);

afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A request from `from` (a loopback alias), answered with its status and body. */
function send(
  target: string,
  from: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${APP}${target}`,
      { method: options.method ?? "GET", headers: options.headers, localAddress: from },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

let round = 0;

/** Twelve forgot-password posts for new unknown e-mails, each claiming another X-Forwarded-For. */
async function forgotStatuses(from: string) {
  round += 1;
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const answer = await send("/api/forgot-password", from, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${round * 20 + i}` },
      body: JSON.stringify({ email: `nobody-${round}-${i}@example.com` }),
    });
    statuses.push(answer.status);
  }
  return statuses;
}

describe("an app bound to 127.0.0.1 with TRUST_PROXY naming its proxy", () => {
  it("listens on HOST only", async () => {
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(APP_PORT, PROXY, () => {
        socket.destroy();
        resolve("connected");
      });
      socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
  });

  it("limits a client that connects directly, whatever X-Forwarded-For it forges", async () => {
    expect(await forgotStatuses(CLIENT)).toEqual([...Array<number>(10).fill(200), 429, 429]);
  });

  it("believes the proxy's X-Forwarded-For: each client it reports is counted on its own", async () => {
    expect(await forgotStatuses(PROXY)).toEqual(Array<number>(12).fill(200));
  });
});

describe("what a client sends", () => {
  it("never puts a token into the access log, in any encoding", async () => {
    const targets = [
      "/auth?redirect=%2Forganiser%2Fconfirm%3Ftoken%3DSECRETSECRET",
      "/organiser/confirm?%74oken=SECRETSECRET",
      "/reset-password?token=SECRETSECRET",
    ];
    for (const target of targets) await send(target, CLIENT);
    await expect.poll(() => app.logs().match(/\[redacted\]/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(app.logs()).toContain("GET /auth?redirect=[redacted]");
    expect(app.logs()).not.toMatch(/SECRETSECRET/);
  });

  it("answers Remix's old ?_data requests with 400 and logs no stack trace", async () => {
    for (const target of ["/houses?_data=routes%2Fhouses", "/api/results?_data=root", "/?_data=root"]) {
      const answer = await send(target, CLIENT);
      expect(answer.status, target).toBe(400);
      expect(answer.body, target).toContain("The _data parameter is not supported.");
    }
    expect(app.logs()).not.toMatch(/\n\s+at |Single fetch-enabled apps/);
  });
});
