import { expect, test, type Page } from "@playwright/test";
import { WINDOWS } from "../../app/features/season/lib/weekends";
import { signedIn } from "./support";

const CHART_TITLES = [
  "So When is This Happening?",
  "Should SGW Be Longer?",
  "What Countries Are Folks Cool With?",
  "Should We Revisit Previous Spots?",
  "Are Folks Okay Staying Sober?",
  "Are Peeps Cool With Sharing Rooms?",
  "How Many Would Change Their Fate?",
];

function column(page: Page, heading: string) {
  return page.locator(".attendance-column", {
    has: page.getByRole("heading", { name: heading, exact: true }),
  });
}

function card(page: Page, name: string) {
  return page.getByRole("article", { name, exact: true });
}

test.describe("/results", () => {
  test("the server HTML carries the seven charts as SVG", { tag: "@once" }, async ({ request }) => {
    const html = await (await request.get("/results")).text();
    expect(html).toContain("Where We Stand");
    for (const title of CHART_TITLES) {
      const section = html.slice(html.indexOf(`>${title}</h2>`));
      expect(section.indexOf("<svg")).toBeGreaterThan(0);
      expect(html).toContain(`${title}</title>`);
    }
  });

  test(
    "the page loads no script (budget.spec.ts keeps Victory out of every client chunk)",
    { tag: "@once" },
    async ({ request }) => {
      const html = await (await request.get("/results")).text();
      expect(html).not.toMatch(/<script\b/);
      expect(html).not.toMatch(/modulepreload/);
    },
  );

  test("shows the heading, the charts and who is coming", { tag: "@once" }, async ({ page }) => {
    await page.goto("/results");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Where We Stand");
    for (const title of CHART_TITLES) {
      const section = page.getByRole("region", { name: title });
      await expect(section.getByRole("heading", { name: title })).toBeVisible();
      await expect(section.getByRole("img", { name: title })).toBeVisible();
      // The same numbers as a table for screen readers.
      await expect(section.getByRole("table", { name: title })).toBeAttached();
    }
    const byWeek = page.getByRole("table", { name: "So When is This Happening?" });
    // Alex, Sam, Jordan and Riley count (Casey said no): Aug 21 - Aug 25 suits all four.
    await expect(byWeek.getByRole("row", { name: WINDOWS[20] }).getByRole("cell")).toHaveText([
      "4",
      "100.0%",
    ]);
    await expect(byWeek.getByRole("row", { name: WINDOWS[0] }).getByRole("cell")).toHaveText(["0", "0.0%"]);
    const longer = page.getByRole("table", { name: "Should SGW Be Longer?" });
    await expect(longer.getByRole("row", { name: "God No" }).getByRole("cell")).toHaveText(["1", "25.0%"]);
    const countries = page.getByRole("table", { name: "What Countries Are Folks Cool With?" });
    await expect(countries.getByRole("row", { name: "USA" }).getByRole("cell")).toHaveText(["4", "100.0%"]);

    const yes = await column(page, "Yes").getByRole("listitem").allTextContents();
    expect(yes).toEqual(expect.arrayContaining(["Alex +1", "Riley +1", "Sam +2"]));
    const maybe = await column(page, "Maybe").getByRole("listitem").allTextContents();
    expect(maybe).toContain("Jordan");
    const nope = await column(page, "Nope").getByRole("listitem").allTextContents();
    expect(nope).toContain("Casey");
    for (const name of ["Jordan", "Casey"]) expect(yes).not.toContain(name);
  });

  test("fits a 360 px phone", { tag: "@once" }, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/results");
    await expect(page.getByRole("img", { name: CHART_TITLES[6] })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    // Every chart scales down with the page instead of forcing a sideways scroll.
    expect(width).toBeLessThanOrEqual(360);
  });

  test(
    "Best Weekends shows all five columns on a 390 px phone, without scrolling",
    { tag: "@once" },
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/results");
      const table = page.getByRole("region", { name: "Best weekends", exact: true });
      await expect(table.getByRole("columnheader", { name: "Share of yes + maybe" })).toBeVisible();
      const overflow = await table.evaluate((box) => box.scrollWidth - box.clientWidth);
      expect(overflow, "the table is wider than its box by this many pixels").toBeLessThanOrEqual(0);
    },
  );
});

test.describe("/results-summary", () => {
  test("a visitor gets the login prompt", { tag: "@once" }, async ({ page }) => {
    await page.goto("/results");
    await page.getByRole("link", { name: "See every answer (members only)" }).click();
    await expect(page).toHaveURL(/\/results-summary$/);
    await expect(page.getByRole("heading", { name: "Complete Survey Results" })).toBeVisible();
    await expect(page.getByText("Hold Up There, Partner")).toBeVisible();
    await expect(page.getByText("You gotta be logged in to that.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Login" })).toHaveAttribute(
      "href",
      "/auth?redirect=%2Fresults-summary",
    );
    await expect(page.getByRole("article")).toHaveCount(0);
  });

  test("a member sees a card per respondent with the answers", async ({ page }) => {
    await signedIn(page, "alex@example.com", "/results-summary");
    await expect(page).toHaveURL(/\/results-summary$/);
    const sam = card(page, "Sam");
    const rows = {
      Attending: "Yes",
      "Wants To Extend": "End Later",
      "OK Countries": "USA, Mexico",
      "Bringing Boo": "Yes",
      "Bringing Kid": "Yes",
      "Would Change Fate": "Nay",
      "Shirt Sizes": "Self: L, Boo: L, Kid: XS",
    };
    for (const [label, value] of Object.entries(rows)) {
      await expect(sam.getByRole("row", { name: label })).toContainText(value);
    }
    await expect(card(page, "Casey").getByRole("row", { name: "OK Countries" })).toContainText("None");
    const alex = card(page, "Alex");
    await expect(alex.getByText("Attended last year: Yes")).toBeVisible();
    await expect(alex.getByText("The drive was long.")).toBeVisible();
    await expect(alex.getByText("None specified")).toBeVisible();
    await expect(card(page, "Jordan").getByText("Attended last year: No")).toBeVisible();
    // 'People you don't want to see' reaches the organisers and its author only.
    await expect(sam.getByText("Shared with the organisers only.")).toBeVisible();
    await expect(alex.getByText("Shared with the organisers only.")).toHaveCount(0);
  });

  test("the organiser reads every member's 'people you don't want to see'", async ({ page }) => {
    await signedIn(page, "organiser@example.com", "/results-summary");
    await expect(card(page, "Sam").getByText("None specified")).toBeVisible();
    await expect(page.getByText("Shared with the organisers only.")).toHaveCount(0);
  });

  test("the search narrows the cards, with or without JavaScript", async ({ page, javaScriptEnabled }) => {
    await signedIn(page, "alex@example.com", "/results-summary");
    await expect(card(page, "Casey")).toBeVisible();
    const search = page.getByLabel("Search by name or e-mail");
    await search.fill("JOR");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
    await expect(card(page, "Jordan")).toBeVisible();
    await expect(card(page, "Casey")).toHaveCount(0);
    await expect(card(page, "Alex")).toHaveCount(0);
    await expect(page).toHaveURL(/\?q=JOR$/);

    await search.fill("casey@EXAMPLE");
    if (!javaScriptEnabled) await search.press("Enter");
    await expect(card(page, "Casey")).toBeVisible();
    await expect(card(page, "Jordan")).toHaveCount(0);

    await search.fill("nobody-here");
    if (!javaScriptEnabled) await search.press("Enter");
    await expect(page.getByText("No survey responses found.")).toBeVisible();
    await expect(page).toHaveURL(/\?q=nobody-here$/);
  });

  test("the availability toggle works", async ({ page }) => {
    await signedIn(page, "alex@example.com", "/results-summary");
    const sam = card(page, "Sam");
    const dates = sam.getByRole("listitem");
    await expect(dates.first()).toBeHidden();
    await sam.getByText("Show Availability").click();
    await expect(dates).toHaveText([WINDOWS[19], WINDOWS[20], WINDOWS[22]]);
    await sam.getByText("Hide Availability").click();
    await expect(dates.first()).toBeHidden();
    await expect(sam.getByText("Show Availability")).toBeVisible();

    const casey = card(page, "Casey");
    await casey.getByText("Show Availability").click();
    await expect(casey.getByText("No availability specified")).toBeVisible();
  });
});
