import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TableChanges } from "~/platform/db/table-changes";
import { PAGE_CACHE_MARK, clearPageCache } from "~/platform/services/page-cache.server";
import { answerFromPageCache, keepVisitorsPage } from "~/platform/services/request-path.server";

/**
 * The request path's two page-cache steps in front of an "app" that renders a numbered page, marked
 * as cacheable unless told otherwise.
 */
let renders = 0;
let duringRender: (() => void) | undefined;
const server = http.createServer((req, res) => {
  if (answerFromPageCache(req, res, "http")) return;
  keepVisitorsPage(req, res, "http");
  renders += 1;
  duringRender?.();
  const url = new URL(req.url!, "http://localhost");
  if (url.searchParams.get("mark") !== "no" && !url.pathname.includes("plain"))
    res.setHeader(PAGE_CACHE_MARK, "1");
  res.setHeader("Content-Type", "text/html");
  res.setHeader("Content-Security-Policy", `script-src 'nonce-n${renders}'`);
  res.write(`<p>render ${renders}</p>`);
  res.end(Buffer.from(` of ${req.url}`));
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

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(base + path, { headers });
  return { body: await response.text(), csp: response.headers.get("content-security-policy"), response };
};

describe("the page cache", () => {
  it("renders a visitor's page once and sends it again, with a fresh nonce and no mark", async () => {
    const first = await get("/results");
    const second = await get("/results");
    expect(renders).toBe(1);
    expect(second.body).toBe("<p>render 1</p> of /results");
    expect(second.response.headers.get("content-length")).toBe(String(second.body.length));
    expect(second.csp).toMatch(/^script-src 'nonce-[A-Za-z0-9+/=]{24}'$/);
    expect(second.csp).not.toBe(first.csp);
    expect(first.response.headers.has(PAGE_CACHE_MARK)).toBe(false);
    expect(second.response.headers.has(PAGE_CACHE_MARK)).toBe(false);
  });

  it("keeps pages apart by path and by Accept-Encoding", async () => {
    await get("/a");
    await get("/b");
    await get("/a", { "Accept-Encoding": "identity" });
    expect(renders).toBe(3);
    expect((await get("/b")).body).toBe("<p>render 2</p> of /b");
  });

  it("renders every time for a member, a credential, a query string or an unmarked page", async () => {
    await get("/p", { Cookie: "theme=dark; sgw_session=abc" });
    await get("/p", { Cookie: "sgw_session=abc" });
    // Over https the session cookie is `__Host-sgw_session`.
    await get("/p", { Cookie: "theme=dark; __Host-sgw_session=abc" });
    await get("/p", { Authorization: "Bearer x" });
    await get("/p?mark=yes");
    await get("/p?mark=yes");
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
