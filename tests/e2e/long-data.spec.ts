import { expect, test, type Page } from "@playwright/test";
import { longData } from "./long-data";
import { login, NEW_PASSWORD, signedIn } from "./support";

/**
 * Text a member typed, as long as each field takes it, unbroken, with emoji and right-to-left
 * script, must never make a page wider than a 390 px phone. These specs add a member and a house
 * the other specs do not expect, so the playwright config runs them on the state specs' apps (STATE_SPECS).
 */
const PHONE = { width: 390, height: 844 };

async function pageWidth(page: Page) {
  return page.evaluate(() => document.scrollingElement!.scrollWidth);
}

async function expectFits(page: Page, path: string) {
  await page.goto(path);
  expect(await pageWidth(page), `${path} at 390 px`).toBeLessThanOrEqual(PHONE.width);
}

test.use({ viewport: PHONE });

test(
  "a visitor's pages fit a 390 px phone with long names, emoji and right-to-left text",
  { tag: "@once" },
  async ({ page, request }) => {
    const data = await longData(request);
    await expectFits(page, "/sgw25");
    await expect(page.getByText(data.name)).toBeVisible();
    await expect(page.getByText(data.rtlName)).toBeVisible();
    await expectFits(page, "/results");
    await expect(page.locator(".attendance").getByText(data.name)).toBeVisible();
  },
);

test(
  "a member's pages fit a 390 px phone with long names, emoji and right-to-left text",
  { tag: "@once" },
  async ({ page, request }) => {
    const data = await longData(request);
    await login(page, data.email, NEW_PASSWORD);
    expect(await pageWidth(page), "footer with a long address").toBeLessThanOrEqual(PHONE.width);
    await expectFits(page, "/results-summary");
    await expect(page.getByRole("heading", { name: data.name })).toBeVisible();
    await expectFits(page, "/survey/6");
    await expect(page.getByText(data.concerns)).toBeVisible();
    await expectFits(page, "/survey/1");
    await expectFits(page, "/houses");
  },
);

test(
  "a house card with a 200-character title and a long city clips nothing at 390 px",
  { tag: "@once" },
  async ({ page, request }) => {
    const data = await longData(request);
    await login(page, data.email, NEW_PASSWORD);
    await expectFits(page, "/houses");
    const card = page.locator("article", { hasText: data.title.slice(0, 40) });
    await expect(card).toHaveCount(1);
    const clipped = await card.evaluate((article) => {
      const box = article.getBoundingClientRect();
      return [...article.querySelectorAll("h3, p, a, span")]
        .filter((element) => element.getClientRects().length > 0 && !element.closest(".visually-hidden"))
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          const block = getComputedStyle(element).display !== "inline";
          return rect.right > box.right + 0.5 || (block && element.scrollWidth > element.clientWidth + 1);
        })
        .map((element) => `${element.tagName}.${element.className}: ${element.textContent?.slice(0, 30)}`);
    });
    expect(clipped).toEqual([]);
  },
);

test("the organiser's Decide page and the chosen house on /sgw25 fit a 390 px phone", async ({
  page,
  request,
}) => {
  const data = await longData(request);
  await signedIn(page, "organiser@example.com", "/organiser/decide");
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  const card = page
    .getByRole("region", { name: "The house" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: data.title }) });
  const choose = card.getByRole("button", { name: /^(Choose for SGW25|Unchoose)/ });
  if ((await choose.textContent())?.startsWith("Choose")) await choose.click();
  await expect(page.getByRole("status")).toContainText("is the chosen house");
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await expectFits(page, "/sgw25");
  await expect(page.getByText(data.city)).toBeVisible();
  // The specs after this one start with no house chosen.
  await page.goto("/organiser/decide");
  await card.getByRole("button", { name: /^Unchoose/ }).click();
  await expect(page.getByRole("status")).toContainText("No house is chosen");
});
