import { expect, test, type Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { DEMO_PASSWORD, signedIn } from "./support";

// Read-only pages are plain HTML (docs/decisions/003-js-off-first.md); interactive pages stay under a JS budget. Bytes, not time.
const READ_ONLY = ["/", "/about", "/past-events", "/sgw25", "/results"];
const INTERACTIVE_PUBLIC = ["/auth", "/reset-password"];
// /money hydrates so that a lost post keeps what was typed (docs/decisions/026-one-form-answer.md).
const INTERACTIVE_MEMBER = ["/survey", "/survey/availability", "/houses-suggest", "/money"];
// Member pages that need no React in the browser: at most one small inline script of their own (characters).
const SCRIPT_FREE_MEMBER = { "/results-summary": 2048, "/houses": 4096, "/money/history": 1 };
// 100 KB since /money hydrates (docs/decisions/026-one-form-answer.md): its forms add some 1.4 KB.
const JS_BUDGET = 100 * 1024;
const TRANSFER_BUDGET = 30 * 1024;

/** Loads `path` and returns every script it fetched (gzipped size) and the bytes it transferred. */
async function visit(page: Page, url: string) {
  const scripts: Array<{ url: string; gzip: number }> = [];
  const pending: Array<Promise<void>> = [];
  let transferred = 0;
  page.on("requestfinished", (request) => {
    pending.push(
      (async () => {
        const sizes = await request.sizes();
        transferred += sizes.responseBodySize + sizes.responseHeadersSize;
        if (request.resourceType() !== "script") return;
        const body = await (await request.response())!.body();
        scripts.push({ url: request.url(), gzip: gzipSync(body).length });
      })(),
    );
  });
  const response = await page.goto(url, { waitUntil: "networkidle" });
  expect(response?.status(), url).toBe(200);
  await Promise.all(pending);
  page.removeAllListeners("requestfinished");
  return { scripts, transferred, inlineScripts: await page.locator("script").count() };
}

test.describe("JavaScript budget", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "measured where scripts would load");

  test("read-only pages load no script at all and stay under 30 KB", async ({ page }) => {
    for (const url of READ_ONLY) {
      const { scripts, transferred, inlineScripts } = await visit(page, url);
      test.info().annotations.push({ type: "transfer bytes", description: `${url}: ${transferred}` });
      expect(scripts, url).toEqual([]);
      expect(inlineScripts, url).toBe(0);
      expect(transferred, url).toBeLessThanOrEqual(TRANSFER_BUDGET);
    }
  });

  test("interactive pages load their scripts, at most 100 KB gzipped", async ({ page }) => {
    const check = async (url: string) => {
      const { scripts } = await visit(page, url);
      const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
      test.info().annotations.push({ type: "js gzip bytes", description: `${url}: ${total}` });
      expect(scripts.length, url).toBeGreaterThan(0);
      expect(total, `${url}: ${scripts.map((s) => `${s.url} ${s.gzip}`).join(", ")}`).toBeLessThanOrEqual(
        JS_BUDGET,
      );
    };
    for (const url of INTERACTIVE_PUBLIC) await check(url);
    await signedIn(page, "alex@example.com");
    for (const url of INTERACTIVE_MEMBER) await check(url);
  });

  test("member pages without React load no script file", async ({ page }) => {
    await signedIn(page, "alex@example.com");
    for (const [url, limit] of Object.entries(SCRIPT_FREE_MEMBER)) {
      const { scripts } = await visit(page, url);
      expect(scripts, url).toEqual([]);
      const inline = await page
        .locator("script")
        .evaluateAll((found) => found.map((s) => s.textContent ?? ""));
      expect(inline.length, url).toBeLessThanOrEqual(1);
      for (const code of inline) expect(code.length, url).toBeLessThan(limit);
    }
  });

  test("no client chunk holds Drizzle, Victory or the database schema", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith(".js")) files.push(full);
      }
    };
    walk("public/build");
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const code = readFileSync(file, "utf8");
      expect(code, file).not.toMatch(/drizzle/i);
      expect(code, file).not.toMatch(/victory/i);
      expect(code, file).not.toMatch(/password_hash|token_hash|pgTable/);
    }
  });
});

// Every page carries the CSS it needs in its document: no stylesheet request stands between the HTML
// and the first paint on a slow phone. A hydrated page also marks each inlined sheet with a disabled
// (never fetched) link, so Remix does not download it again before a navigation (app/root.tsx).
const VISITOR_PAGES = ["/", "/about", "/past-events", "/sgw25", "/results", "/auth", "/reset-password"];
const MEMBER_PAGES = [
  "/",
  "/results",
  "/results-summary",
  ...[1, 2, 3, 4, 5, 6, 7].map((section) => `/survey/${section}`),
  "/houses",
  "/houses-suggest",
];

test.describe("CSS in the document", { tag: "@once" }, () => {
  test("each page's document carries its stylesheets inline and links none", async ({ request, baseURL }) => {
    const check = async (url: string) => {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
      const html = await response.text();
      const blocking = [...html.matchAll(/<link\b[^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) => /rel="stylesheet"/.test(tag) && !/\bdisabled=""/.test(tag));
      expect(blocking, url).toEqual([]);
      const inline = [...html.matchAll(/<style data-href="([^"]+)">([^<]*)<\/style>/g)];
      expect(inline.map(([, href]) => href).join(" "), url).toMatch(/\/build\/_assets\/app-\w+\.css/);
      let gzipped = 0;
      for (const [, href, css] of inline) {
        const built = await request.get(href);
        expect(built.status(), href).toBe(200);
        // The built file, byte for byte (React escapes nothing inside <style>).
        expect(css, `${url}: ${href}`).toBe(await built.text());
        gzipped += gzipSync(css).length;
      }
      const hydrated = /<script\b[^>]*type="module"/.test(html);
      for (const [, href] of inline) {
        const marker = html.includes(`<link rel="stylesheet" href="${href}" disabled=""/>`);
        expect(marker, `${url}: ${href} marked inlined for Remix in the browser`).toBe(hydrated);
      }
      test.info().annotations.push({
        type: "inline CSS",
        description: `${url}: ${inline.length} sheets, ${gzipped} B gzipped of ${gzipSync(html).length} B`,
      });
    };
    for (const url of VISITOR_PAGES) await check(url);
    const loginAs = async (email: string) => {
      const login = await request.post("/auth", {
        headers: { Origin: baseURL! },
        form: { intent: "login", email, password: DEMO_PASSWORD, redirect: "/" },
        maxRedirects: 0,
      });
      expect(login.status()).toBe(302);
    };
    await loginAs("alex@example.com");
    for (const url of MEMBER_PAGES) await check(url);
    await loginAs("organiser@example.com");
    await check("/organiser");
  });
});
