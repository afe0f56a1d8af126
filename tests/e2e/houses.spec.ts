import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { login } from "./support";

const IMAGE_ERROR = "Image URL must end with .png, .jpg, or .jpeg";
const GOOD_IMAGE = "https://example.com/IMG.JPG?w=1";

// Both projects run against one server: every house a test makes gets a title of its own.
const uniqueTitle = (prefix: string) => `${prefix} ${randomBytes(4).toString("hex")}`;

async function fillSuggestion(page: Page, title: string, image: string) {
  await page.goto("/houses-suggest");
  await page.getByLabel("Listing URL").fill("airbnb.com/rooms/777?adults=8");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Image URL").fill(image);
  await page.getByLabel("City").fill("Boulder");
  await page.getByLabel("State / Province").selectOption("CO");
}

async function suggest(page: Page, title: string) {
  await fillSuggestion(page, title, GOOD_IMAGE);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "House submitted successfully!" })).toBeVisible();
}

const card = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });

test("logged out, /houses and /houses-suggest go to the login with a way back", async ({ page }) => {
  await page.goto("/houses");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fhouses$/);
  expect(new URL(page.url()).searchParams.get("redirect")).toBe("/houses");
  await page.goto("/houses-suggest");
  expect(new URL(page.url()).searchParams.get("redirect")).toBe("/houses-suggest");
});

test("suggest a house: a bad image is refused with the input kept, a good one lands in the grid", async ({ page }) => {
  const title = uniqueTitle("Foothills Lodge");
  await login(page, "sam@example.com");
  await fillSuggestion(page, title, "https://example.com/photo.gif");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert").filter({ hasText: IMAGE_ERROR }).first()).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("City")).toHaveValue("Boulder");
  await expect(page.getByLabel("State / Province")).toHaveValue("CO");
  await expect(page.getByLabel("Image URL")).toHaveValue("https://example.com/photo.gif");

  await page.getByLabel("Image URL").fill(GOOD_IMAGE);
  await page.getByLabel("Bedrooms").fill("9");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "House submitted successfully!" })).toBeVisible();
  for (const field of ["Listing URL", "Title", "Image URL", "City"]) {
    await expect(page.getByLabel(field)).toHaveValue("");
  }
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("USA");
  await expect(page.getByLabel("State / Province")).toHaveValue("CO");
  await expect(page.getByLabel("Bedrooms")).toHaveValue("9");

  await page.getByRole("link", { name: "See it on the houses page" }).click();
  const house = page.getByRole("region", { name: "In the running" }).getByRole("article", { name: title });
  await expect(house).toBeVisible();
  await expect(house).toContainText("Suggested by Sam");
  await expect(house).toContainText("Boulder, CO");
  await expect(house).not.toContainText("USA");
  await expect(house).toContainText("9 bedrooms · 10 beds · 4 baths");
  const listing = house.getByRole("link", { name: /View listing/ });
  await expect(listing).toHaveAttribute("href", "https://www.airbnb.com/rooms/777");
  await expect(listing).toHaveAttribute("target", "_blank");
  await expect(listing).toHaveAttribute("rel", "noopener noreferrer");
});

test("vote love, then like: the highlight and the counts follow", async ({ page, javaScriptEnabled }) => {
  const title = uniqueTitle("Canyon House");
  await login(page, "jordan@example.com");
  await suggest(page, title);
  await page.goto("/houses");
  const house = card(page, title);
  const love = house.getByRole("button", { name: "Love" });
  const like = house.getByRole("button", { name: "Like", exact: true });
  const counts = house.locator(".house-counts");
  await expect(counts).toHaveText("Loves: 0 · Likes: 0 · Hates: 0");
  await expect(love).toHaveAttribute("aria-pressed", "false");

  await love.click();
  await expect(love).toHaveAttribute("aria-pressed", "true");
  await expect(counts).toHaveText("Loves: 1 · Likes: 0 · Hates: 0");
  if (!javaScriptEnabled) await expect(page).toHaveURL(/\/houses#house-\d+$/);

  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(love).toHaveAttribute("aria-pressed", "false");
  await expect(counts).toHaveText("Loves: 0 · Likes: 1 · Hates: 0");

  await page.reload();
  await expect(card(page, title).getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(card(page, title).locator(".house-counts")).toHaveText("Loves: 0 · Likes: 1 · Hates: 0");
  // Jordan is no organiser: no house controls.
  await expect(page.getByRole("button", { name: "Mark as previous house" })).toHaveCount(0);
});

test("the organiser marks a house previous for 2024 and it moves to Previous SGW Houses", async ({ page }) => {
  const title = uniqueTitle("Old Haunt");
  await login(page, "organiser@example.com");
  await suggest(page, title);
  await page.goto("/houses");
  await card(page, title).getByLabel("Year").fill("2024");
  await card(page, title).getByRole("button", { name: "Mark as previous house" }).click();

  const previous = page.getByRole("region", { name: "Previous SGW Houses" }).getByRole("article", { name: title });
  await expect(previous).toBeVisible();
  await expect(previous).toContainText("The 2024 SGW House");
  await expect(previous).toContainText("Boulder, CO, USA");
  await expect(page.getByRole("region", { name: "In the running" }).getByRole("article", { name: title })).toHaveCount(0);

  await previous.getByRole("button", { name: "Take out of play" }).click();
  const out = page.getByRole("region", { name: "Out of play" }).getByRole("article", { name: title });
  await expect(out).toBeVisible();
  await out.getByRole("button", { name: "Back into play" }).click();
  await expect(page.getByRole("region", { name: "Previous SGW Houses" }).getByRole("article", { name: title })).toBeVisible();
});

test("the static /api/houses/votes/summary and /api/houses/:id routes both answer", async ({ page, baseURL }) => {
  const anonymous = await page.request.get("/api/houses/votes/summary");
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ error: "Authentication required" });

  // The page session works for /api too; its state-changing calls must name our origin.
  await login(page, "alex@example.com");
  const summary = await page.request.get("/api/houses/votes/summary");
  expect(summary.status()).toBe(200);
  expect(Object.values(await summary.json())).toContainEqual({ love: 1, like: 1, dislike: 0 });
  const patch = await page.request.patch("/api/houses/1", { data: { in_play: false }, headers: { Origin: baseURL! } });
  expect(patch.status()).toBe(403);
  expect(await patch.json()).toEqual({ error: "Only organisers can change houses" });
  const wrongMethod = await page.request.get("/api/houses/1");
  expect(wrongMethod.status()).toBe(405);
});
