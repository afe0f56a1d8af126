/**
 * The production server as deployed: behind a real nginx configured with docs/deploying.md's server block,
 * and on its own, against cross-site posts, unknown methods and oversized bodies.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase, startAppServer, waitForOk, type AppServer } from "../support/processes";

const APP_PORT = 3246;
const PROXY_PORT = 3247;
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const PUBLIC_URL = `http://localhost:${PROXY_PORT}`;

let dir: string;
let app: AppServer;
let nginx: ChildProcess;

/** docs/deploying.md's nginx block, pointed at this test's ports. */
function documentedServerBlock() {
  const block = readFileSync("docs/deploying.md", "utf8").match(/```nginx\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error("docs/deploying.md has no nginx block");
  return block
    .replace(/listen 80;/, `listen 127.0.0.1:${PROXY_PORT};`)
    .replace("proxy_pass http://127.0.0.1:3000;", `proxy_pass http://127.0.0.1:${APP_PORT};`);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sgw-proxy-"));
  const pglite = path.join(dir, "pglite");
  seedDatabase({ PGLITE_DIR: pglite });
  app = await startAppServer(APP_PORT, {
    PGLITE_DIR: pglite,
    APP_URL: PUBLIC_URL,
    TRUST_PROXY: "1",
    SESSION_SECRET: "proxy-test-secret-0123456789abcd",
  });
  const temp = (name: string) => path.join(dir, name);
  writeFileSync(
    temp("nginx.conf"),
    `pid ${temp("nginx.pid")};
error_log ${temp("error.log")};
events {}
http {
  access_log off;
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  ${documentedServerBlock()}
}
`,
  );
  nginx = spawn(NGINX, ["-c", temp("nginx.conf"), "-g", "daemon off; master_process off;"], {
    stdio: "pipe",
  });
  await waitForOk(`${PUBLIC_URL}/healthz`, 15_000);
}, 120_000);

afterAll(async () => {
  nginx?.kill("SIGTERM");
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A raw HTTP request (node:http: fetch would not let a test choose Host or stream a chunked body). */
function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    chunks?: number;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    request.on("error", reject);
    if (options.chunks) {
      // A chunked upload of `chunks` × 64 KiB, written as fast as the server takes it.
      const chunk = Buffer.alloc(64 * 1024, 120);
      let left = options.chunks;
      const pump = () => {
        while (left > 0) {
          left -= 1;
          if (!request.write(chunk)) return void request.once("drain", pump);
        }
        request.end();
      };
      request.on("error", () => {});
      pump();
    } else {
      request.end(options.body);
    }
  });
}

/** One request with a raw request target (an absolute URL or "*"), answered with the status line. */
function rawTarget(target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(app.url).port), "127.0.0.1", () =>
      socket.end(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    );
    let text = "";
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(text));
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const cookieOf = (answer: Answer) => String(answer.headers["set-cookie"]?.[0] ?? "").split(";")[0];

describe("behind nginx, as docs/deploying.md configures it", () => {
  it("a no-JS member logs in, saves a survey section and votes", async () => {
    const posted = { "Content-Type": "application/x-www-form-urlencoded", Origin: PUBLIC_URL };
    const login = await send(`${PUBLIC_URL}/auth`, {
      method: "POST",
      headers: posted,
      body: form({
        intent: "login",
        redirect: "/survey/1",
        email: "alex@example.com",
        password: "sgw25-demo",
      }),
    });
    expect(login.status).toBe(302);
    expect(login.headers.location).toBe("/survey/1");
    const cookie = cookieOf(login);
    expect(cookie).toMatch(/^sgw_session=/);

    const section = await send(`${PUBLIC_URL}/survey/1`, {
      method: "POST",
      headers: { ...posted, Cookie: cookie },
      body: form({ name: "Alex via nginx", attending: "yes" }),
    });
    expect(section.status).toBe(302);
    expect(section.headers.location).toBe("/survey/2");

    const houses = await send(`${PUBLIC_URL}/houses`, { headers: { Cookie: cookie } });
    expect(houses.status).toBe(200);
    const houseId = houses.body.match(/name="houseId" value="(\d+)"/)?.[1];
    expect(houseId).toBeDefined();
    const vote = await send(`${PUBLIC_URL}/houses`, {
      method: "POST",
      headers: { ...posted, Cookie: cookie },
      body: form({ intent: "vote", houseId: houseId!, vote: "love" }),
    });
    expect(vote.status).toBe(302);

    const page = (await send(`${PUBLIC_URL}/houses`, { headers: { Cookie: cookie } })).body;
    const card = page.slice(page.indexOf(`name="houseId" value="${houseId}"`));
    expect(card.slice(0, card.indexOf("</form>"))).toMatch(/value="love"[^>]*aria-pressed="true"/);
    const after = await send(`${PUBLIC_URL}/survey/1`, { headers: { Cookie: cookie } });
    expect(after.body).toContain("Alex via nginx");
  });

  it("a client's own X-Forwarded-For does not walk past the login limits", async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      const answer = await send(`${PUBLIC_URL}/api/login`, {
        method: "POST",
        // A different made-up address each time: nginx appends the real one after it.
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${attempt}` },
        body: JSON.stringify({ email: "jordan@example.com", password: "wrong-password" }),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it("a post from another site gets 403, not 500", async () => {
    for (const route of ["/auth", "/houses", "/survey/1"]) {
      const answer = await send(`${PUBLIC_URL}${route}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
        body: form({ intent: "login", email: "alex@example.com", password: "sgw25-demo" }),
      });
      expect(answer.status, route).toBe(403);
    }
  });
});

describe("the server on its own", () => {
  it("refuses a post from another site with 403 on pages and /api, and logs no stack trace", async () => {
    for (const route of ["/auth", "/houses", "/survey/1"]) {
      const answer = await send(`${app.url}${route}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
        body: form({ name: "x" }),
      });
      expect(answer.status, route).toBe(403);
      expect(answer.body).toContain("https://evil.example");
    }
    const api = await send(`${app.url}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: "{}",
    });
    expect(api.status).toBe(403);
    expect(JSON.parse(api.body).error).toMatch(/refused/);
    expect(app.logs()).not.toMatch(/\n\s+at /);
  });

  it("accepts our own origin whatever Host a proxy sends", async () => {
    const answer = await send(`${app.url}/auth`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: PUBLIC_URL,
        Host: "127.0.0.1:9",
      },
      body: form({ intent: "login", redirect: "/", email: "alex@example.com", password: "sgw25-demo" }),
    });
    expect(answer.status).toBe(302);
  });

  it("answers a malformed Host, X-Forwarded-Host or request target with 400, never 500", async () => {
    const cases: [string, Record<string, string>][] = [
      ["/", { Host: "a b" }],
      ["/", { Host: "[::1" }],
      ["/", { Host: "127.0.0.1:99999" }],
      ["/", { "X-Forwarded-Host": "a:99999" }],
      ["/houses", { "X-Forwarded-Host": "[::1" }],
    ];
    for (const [route, headers] of cases) {
      const answer = await send(`${app.url}${route}`, { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(400);
    }
    for (const target of ["*", "http://127.0.0.1/", "/%E0%A4%A"]) {
      const answer = await rawTarget(target);
      expect(answer, target).toMatch(/^HTTP\/1\.1 400 /);
    }
    expect(app.logs()).not.toMatch(/Invalid URL|\n\s+at /);
  });

  it("logs in with a redirect to a non-Latin-1 path and sends the member there, encoded", async () => {
    const answer = await send(`${app.url}/auth?redirect=/日本`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: PUBLIC_URL },
      body: form({ intent: "login", redirect: "/日本", email: "casey@example.com", password: "sgw25-demo" }),
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/%E6%97%A5%E6%9C%AC");
    expect(app.logs()).not.toMatch(/ByteString/);
  });

  it("answers TRACE and other unknown methods with 405 and Allow", async () => {
    for (const [route, method] of [
      ["/", "TRACE"],
      ["/houses", "TRACE"],
      ["/api/results", "TRACE"],
      ["/", "PROPFIND"],
      ["/survey/1", "PUT"],
    ]) {
      const answer = await send(`${app.url}${route}`, { method });
      expect(answer.status, `${method} ${route}`).toBe(405);
      expect(answer.headers.allow, `${method} ${route}`).toBeTruthy();
    }
    const api = await send(`${app.url}/api/results`, { method: "TRACE" });
    expect(JSON.parse(api.body)).toEqual({ error: "The TRACE method is not allowed here." });
  });

  it("refuses 10 MB chunked bodies with 413 without keeping them in memory", async () => {
    const routes = ["/auth", "/survey/1", "/houses", "/houses-suggest", "/api/login", "/api/survey"];
    for (const route of routes) {
      const answer = await send(`${app.url}${route}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: PUBLIC_URL },
        chunks: 160,
      });
      expect(answer.status, route).toBe(413);
    }
    const rss = () =>
      Number(readFileSync(`/proc/${app.process.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) * 1024;
    const before = rss();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        send(`${app.url}/api/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          chunks: 160,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([413, 413, 413, 413, 413]);
    const grown = rss() - before;
    expect(grown).toBeLessThan(50 * 1024 * 1024);
    console.log(`RSS grew by ${(grown / 1024 / 1024).toFixed(1)} MB over five 10 MB posts`);
  });
});
