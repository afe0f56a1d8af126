import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TableChanges } from "~/platform/db/table-changes";
import { PAGE_CACHE_MARK, clearPageCache } from "~/platform/services/page-cache.server";
import {
  answerFromPageCache,
  keepVisitorsPage,
  rememberClientAddress,
} from "~/platform/services/request-path.server";

/**
 * The request path's two page-cache steps in front of an "app" that renders a numbered page, marked
 * as keepable (as entry.server.tsx marks a visitor's plain page) unless told otherwise (`?mark=no`,
 * a path with "plain"); it marks a member's page (a session cookie) too, as a careless app might,
 * to show that the request path never keeps one. A path with "cookie" sets a cookie. A
 * gzip-accepting request gets gzip.
 */
let renders = 0;
let duringRender: (() => void) | undefined;
const server = http.createServer((req, res) => {
  if (answerFromPageCache(req, res, "http")) return;
  keepVisitorsPage(req, res, "http");
  rememberClientAddress(
    req,
    () => {
      renders += 1;
      duringRender?.();
      const url = new URL(req.url!, "http://localhost");
      if (url.searchParams.get("mark") !== "no" && !url.pathname.includes("plain"))
        res.setHeader(PAGE_CACHE_MARK, "visitor");
      if (url.pathname.includes("cookie")) res.setHeader("Set-Cookie", "sgw_flash=; Max-Age=0");
      res.setHeader("Content-Type", "text/html");
      res.setHeader("Content-Security-Policy", `script-src 'nonce-n${renders}'`);
      const text = `<p>render ${renders}</p> of ${req.url}`;
      if (/gzip/.test(String(req.headers["accept-encoding"] ?? ""))) {
        res.setHeader("Content-Encoding", "gzip");
        res.end(gzipSync(text));
      } else {
        res.write(`<p>render ${renders}</p>`);
        res.end(Buffer.from(text.slice(`<p>render ${renders}</p>`.length)));
      }
    },
    res,
  );
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  clearPageCache();
  renders = 0;
  duringRender = undefined;
  vi.useRealTimers();
});

/** A plain GET through node:http (fetch would neither send our Host nor leave the body compressed). */
const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ body: string; raw: Buffer; csp: string; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      const request = http.get(
        base + path,
        { headers: { "Accept-Encoding": "identity", ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const raw = Buffer.concat(chunks);
            const body = (res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString();
            resolve({ body, raw, csp: String(res.headers["content-security-policy"]), headers: res.headers });
          });
        },
      );
      request.on("error", reject);
    },
  );
const member = (token: string) => ({ Cookie: `sgw_session=${token}` });

describe("the page cache: visitors", () => {
  it("renders a visitor's page once and sends it again, with a fresh nonce and no mark", async () => {
    const first = await get("/results");
    const second = await get("/results");
    expect(renders).toBe(1);
    expect(second.body).toBe("<p>render 1</p> of /results");
    expect(second.headers["content-length"]).toBe(String(second.body.length));
    expect(second.csp).toMatch(/^script-src 'nonce-[A-Za-z0-9+/=]{24}'$/);
    expect(second.csp).not.toBe(first.csp);
    expect(first.headers[PAGE_CACHE_MARK]).toBeUndefined();
    expect(second.headers[PAGE_CACHE_MARK]).toBeUndefined();
  });

  it("keeps pages apart by path and by Accept-Encoding", async () => {
    await get("/a");
    await get("/b");
    await get("/a", { "Accept-Encoding": "gzip" });
    expect(renders).toBe(3);
    expect((await get("/b")).body).toBe("<p>render 2</p> of /b");
    expect((await get("/a", { "Accept-Encoding": "gzip" })).body).toBe("<p>render 3</p> of /a");
  });

  it("renders every time for a credential, our other cookies, a query string or an unmarked page", async () => {
    await get("/p", { Authorization: "Bearer x" });
    await get("/p", { Authorization: "Bearer x" });
    // A flash or last-member cookie without a session: neither a visitor's page nor a member's.
    await get("/p", { Cookie: "sgw_flash=x" });
    await get("/p", { Cookie: "sgw_flash=x" });
    await get("/p?q=1");
    await get("/p?q=1");
    await get("/plain");
    await get("/plain");
    expect(renders).toBe(8);
    // A cookie that is not ours does not make a member.
    await get("/p", { Cookie: "theme=dark" });
    await get("/p");
    expect(renders).toBe(9);
  });

  it("forgets every page when this instance writes, and after a second", async () => {
    await get("/sgw25");
    new TableChanges().changed(["surveys"]);
    expect((await get("/sgw25")).body).toBe("<p>render 2</p> of /sgw25");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 1_001 });
    expect((await get("/sgw25")).body).toBe("<p>render 3</p> of /sgw25");
  });

  it("does not keep a page rendered while a write happened (it may show the old data)", async () => {
    duringRender = () => new TableChanges().changed(["votes"]);
    await get("/houses-seen");
    duringRender = undefined;
    await get("/houses-seen");
    expect(renders).toBe(2);
    await get("/houses-seen");
    expect(renders).toBe(2);
  });
});

describe("the page cache: members", () => {
  it("renders a member's page every time, even the same request within the second", async () => {
    const first = await get("/houses", member("alex"));
    const second = await get("/houses", member("alex"));
    expect(renders).toBe(2);
    expect(second.body).toBe("<p>render 2</p> of /houses");
    // Each answer carries the nonce of its own render.
    expect(second.csp).not.toBe(first.csp);
    // Over https the session cookie is `__Host-sgw_session`; other cookies ride along.
    await get("/houses", { Cookie: "theme=dark; __Host-sgw_session=alex" });
    await get("/houses", { Cookie: "theme=dark; __Host-sgw_session=alex" });
    expect(renders).toBe(4);
  });

  it("never sends a visitor's kept page to a member", async () => {
    await get("/results");
    expect((await get("/results", member("alex"))).body).toBe("<p>render 2</p> of /results");
    expect((await get("/results")).body).toBe("<p>render 1</p> of /results");
  });
});
