import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signedIn } from "./support";

/**
 * axe-core on every page, in both projects (with JavaScript the page may change after hydration;
 * without it, what the server sent is all there is). Serious and critical findings fail the test.
 *
 * axe itself is a script, and Chromium will not run it in a page with JavaScript disabled, so the
 * no-js project keeps JavaScript on for axe but aborts every script the page asks for: the page
 * never hydrates, exactly as with JavaScript off (the app has no <noscript> content).
 */
test.use({ javaScriptEnabled: true });

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.use.javaScriptEnabled !== false) return;
  await page.route("**/*", (route) =>
    route.request().resourceType() === "script" ? route.abort() : route.continue(),
  );
});
const PUBLIC_PAGES = [
  "/",
  "/about",
  "/past-events",
  "/sgw25",
  "/results",
  "/auth",
  "/auth?mode=register",
  "/auth?mode=forgot",
  "/auth?token=not-a-real-token",
  "/reset-password",
  "/reset-password?token=not-a-real-token",
  "/sign-in/code",
  "/sign-in/code?email=someone%40example.com",
  "/register/code",
  "/register/code?email=someone%40example.com&sent=1",
];

const MEMBER_PAGES = [
  ...[1, 2, 3, 4, 5, 6, 7].map((section) => `/survey/${section}`),
  "/houses",
  "/houses-suggest",
  "/results-summary",
  "/money",
  "/money/history",
  "/account",
  "/account/delete",
];

// The organiser's pages, one task each (the trip's are checked by trip.spec.ts, where a weekend is chosen).
const ORGANISER_PAGES = [
  "/organiser",
  ...["decide", "people", "houses", "mail", "event", "next-edition"].map((task) => `/organiser/${task}`),
  "/money/setup",
];
const ORGANISER = "organiser@example.com";

// Jordan has a submitted survey (so /survey/7 is reachable); these pages are only read, never posted.
const MEMBER = "jordan@example.com";

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

/**
 * axe on the page at a phone's width, then at a desktop's: the same document, laid out twice, so one
 * visit (and one login) checks both widths.
 */
async function violationsAtEachWidth(page: Page, path: string) {
  const found: Record<string, Awaited<ReturnType<typeof seriousViolations>>> = {};
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const violations = await seriousViolations(page);
    if (violations.length) found[`${path} at ${viewport.width} px`] = violations;
  }
  return found;
}

test.describe("axe, at 390 px and 1280 px", () => {
  // About fifteen pages, each with two full axe runs: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test("public pages have no serious or critical violations", async ({ page }, testInfo) => {
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      // A page that loads no script is the same document in both projects: no-js checks it.
      // Remix loads its modules from an inline module script, so a src alone would miss them.
      const scripts = await page.locator("script[src], script[type=module]").count();
      if (scripts === 0 && testInfo.project.use.javaScriptEnabled !== false) continue;
      expect(await violationsAtEachWidth(page, path)).toEqual({});
    }
  });

  test("member pages have no serious or critical violations", async ({ page }) => {
    await signedIn(page, MEMBER);
    for (const path of MEMBER_PAGES) {
      await page.goto(path);
      expect(new URL(page.url()).pathname, `${path} is not redirected`).toBe(path);
      expect(await violationsAtEachWidth(page, path)).toEqual({});
    }
  });

  test("organiser pages have no serious or critical violations", async ({ page }) => {
    await signedIn(page, ORGANISER);
    for (const path of ORGANISER_PAGES) {
      await page.goto(path);
      expect(new URL(page.url()).pathname, `${path} is not redirected`).toBe(path);
      expect(await violationsAtEachWidth(page, path)).toEqual({});
    }
  });
});

test.describe("charts on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test(
    "chart text is at least 12 CSS px, and no pie label overlaps a slice or another label",
    { tag: "@once" },
    async ({ page }) => {
      await page.goto("/results");
      const charts = await page.$$eval(".chart-svg svg[role=img]", (svgs) =>
        svgs.map((svg) => {
          const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
          const box = (element: Element) => {
            const { left, top, right, bottom } = element.getBoundingClientRect();
            return { left, top, right, bottom };
          };
          return {
            title: svg.querySelector("title")?.textContent ?? "",
            fontSizes: [...svg.querySelectorAll("text")].map(
              (node) => parseFloat(getComputedStyle(node).fontSize) * scale,
            ),
            labels: [...svg.querySelectorAll("text")].filter((node) => node.textContent?.trim()).map(box),
            slices: [...svg.querySelectorAll('path[transform^="translate"]')].map(box),
            pie: svg.closest(".chart-pie") !== null,
          };
        }),
      );
      expect(charts).toHaveLength(7);
      type Box = { left: number; top: number; right: number; bottom: number };
      const overlap = (a: Box, b: Box) =>
        a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      for (const chart of charts) {
        expect(chart.fontSizes.length, chart.title).toBeGreaterThan(0);
        expect(Math.min(...chart.fontSizes), chart.title).toBeGreaterThanOrEqual(12);
        if (!chart.pie) continue;
        expect(chart.slices.length, chart.title).toBeGreaterThan(0);
        chart.labels.forEach((label, index) => {
          for (const slice of chart.slices)
            expect(overlap(label, slice), `${chart.title}: label on a slice`).toBe(false);
          for (const other of chart.labels.slice(index + 1))
            expect(overlap(label, other), `${chart.title}: labels overlap`).toBe(false);
        });
      }
    },
  );
});
