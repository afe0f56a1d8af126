import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TableChanges } from "~/platform/db/table-changes";
import { PAGE_CACHE_MARK, clearPageCache } from "~/platform/services/page-cache.server";
import {
  answerFromPageCache,
  keyPerResponse,
  keepRenderedPage,
  rememberClientAddress,
} from "~/platform/services/request-path.server";

/**
 * The request path's two page-cache steps in front of an "app" that renders a numbered page, marked
 * as a member's page when the request carries a session cookie and as a visitor's otherwise, unless
 * told otherwise (`?mark=no`, `?mark=visitor`, a path with "plain"). A path with "keys" draws two
 * values for its response only; "cookie" sets a cookie. A gzip-accepting request gets gzip.
 */
let renders = 0;
let duringRender: (() => void) | undefined;
const server = http.createServer((req, res) => {
  if (answerFromPageCache(req, res, "http")) return;
  keepRenderedPage(req, res, "http");
  rememberClientAddress(
    req,
    () => {
      renders += 1;
      duringRender?.();
      const url = new URL(req.url!, "http://localhost");
      const member = /sgw_session=/.test(req.headers.cookie ?? "");
      const mark = url.searchParams.get("mark") ?? (member ? "member" : "visitor");
      if (mark !== "no" && !url.pathname.includes("plain")) res.setHeader(PAGE_CACHE_MARK, mark);
      if (url.pathname.includes("cookie")) res.setHeader("Set-Cookie", "sgw_flash=; Max-Age=0");
      res.setHeader("Content-Type", "text/html");
      res.setHeader("Content-Security-Policy", `script-src 'nonce-n${renders}'`);
      const keys = url.pathname.includes("keys")
        ? (() => {
            const [a, b] = [keyPerResponse(), keyPerResponse()];
            // Each key twice, as a form and its hydration data would hold it.
            return ` key ${a} and ${b}; data ${a} ${b}`;
          })()
        : "";
      const text = `<p>render ${renders}</p> of ${req.url}${keys}`;
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
const member = (token: string, more: Record<string, string> = {}) => ({
  Cookie: `sgw_session=${token}`,
  ...more,
});

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
    await get("/p?mark=visitor");
    await get("/p?mark=visitor");
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
  it("sends a member's page again to the same member's same request, scripts' nonce and all", async () => {
    const first = await get("/houses", member("alex"));
    const second = await get("/houses", member("alex"));
    expect(renders).toBe(1);
    expect(second.body).toBe(first.body);
    // The kept page's scripts carry the nonce it was rendered with: the policy must name the same.
    expect(second.csp).toBe(first.csp);
    expect(second.headers[PAGE_CACHE_MARK]).toBeUndefined();
    // Over https the session cookie is `__Host-sgw_session`; other cookies of ours ride along.
    await get("/houses", { Cookie: "theme=dark; __Host-sgw_session=alex" });
    await get("/houses", { Cookie: "theme=dark; __Host-sgw_session=alex" });
    expect(renders).toBe(2);
  });

  it("never sends one member's page to another request: member, Host, query, cookies, encoding", async () => {
    await get("/money?expenses=all", member("alex"));
    await get("/money?expenses=all", member("sam"));
    await get("/money?expenses=all", member("alex", { Host: "planner.example.org" }));
    await get("/money", member("alex"));
    await get("/money?expenses=all", { Cookie: "sgw_session=alex; sgw_flash=hello" });
    await get("/money?expenses=all", member("alex", { "Accept-Encoding": "gzip" }));
    // A visitor (no cookie) never gets a member's page.
    await get("/money?expenses=all");
    expect(renders).toBe(7);
    expect((await get("/money?expenses=all", member("sam"))).body).toBe(
      "<p>render 2</p> of /money?expenses=all",
    );
    expect(renders).toBe(7);
  });

  it("keeps a member's request only with the member's mark, a 200 and no cookie set", async () => {
    // A session cookie that turned out stale renders a visitor's page: not kept for that cookie.
    await get("/p?mark=visitor", member("gone"));
    await get("/p?mark=visitor", member("gone"));
    await get("/p?mark=no", member("alex"));
    await get("/p?mark=no", member("alex"));
    await get("/cookie", member("alex"));
    await get("/cookie", member("alex"));
    expect(renders).toBe(6);
  });

  it("sends every answer from a kept page with fresh keys, one per drawn key, compressed as it was", async () => {
    for (const encoding of ["identity", "gzip"]) {
      const first = await get(`/money/keys`, member("alex", { "Accept-Encoding": encoding }));
      const rendered = renders;
      const second = await get(`/money/keys`, member("alex", { "Accept-Encoding": encoding }));
      const third = await get(`/money/keys`, member("alex", { "Accept-Encoding": encoding }));
      expect(renders).toBe(rendered);
      const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
      const keysOf = (body: string) => body.match(uuid) ?? [];
      for (const { body } of [first, second, third]) {
        const [a, b, dataA, dataB] = keysOf(body);
        expect([dataA, dataB]).toEqual([a, b]);
      }
      const all = [first, second, third].flatMap(({ body }) => keysOf(body).slice(0, 2));
      expect(new Set(all).size).toBe(6);
      expect(second.body.replace(uuid, "K")).toBe(first.body.replace(uuid, "K"));
      expect(second.headers["content-encoding"]).toBe(first.headers["content-encoding"]);
      expect(second.headers["content-length"]).toBe(String(second.raw.length));
    }
  });

  it("forgets members' pages on any write too", async () => {
    await get("/survey/2", member("alex"));
    new TableChanges().changed(["sessions"]);
    expect((await get("/survey/2", member("alex"))).body).toBe("<p>render 2</p> of /survey/2");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 1_001 });
    expect((await get("/survey/2", member("alex"))).body).toBe("<p>render 3</p> of /survey/2");
  });
});
