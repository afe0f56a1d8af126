import { expect, test, type Locator, type Page } from "@playwright/test";
import { HOUSE_LIMITS, NAME_MAX } from "../../app/platform/lib/limits";
import { NEW_PASSWORD, login, uniqueEmail } from "./support";

/**
 * One limit per field: the input stops at it (maxlength), and a value past it (an old browser, or
 * a pasted value with maxlength lifted) is refused with a message that names the same number.
 */
async function overLimit(input: Locator, max: number) {
  await expect(input).toHaveAttribute("maxlength", String(max));
  await input.evaluate((element) => element.removeAttribute("maxlength"));
  await input.fill("x".repeat(max + 1));
}

async function newMember(page: Page) {
  const email = uniqueEmail("limits");
  const response = await page.request.post("/api/register", { data: { email, password: NEW_PASSWORD } });
  expect(response.status()).toBe(201);
  await login(page, email, NEW_PASSWORD);
}

test("the suggest form's title and city stop where the server does, and say the limit", async ({ page }) => {
  await newMember(page);
  await page.goto("/houses-suggest");
  await page.getByLabel("Listing URL").fill("airbnb.com/rooms/4242");
  await overLimit(page.getByLabel("Title"), HOUSE_LIMITS.title);
  await page.getByLabel("Image URL").fill("https://127.0.0.1:9/limits.jpg");
  await overLimit(page.getByLabel("City"), HOUSE_LIMITS.city);
  await page.getByLabel("State / Province").selectOption("CO");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.locator("#title-error")).toHaveText("Title must be at most 200 characters");
  await expect(page.locator("#city-error")).toHaveText("City must be at most 120 characters");
  await expect(page.getByLabel("Title")).toHaveValue("x".repeat(HOUSE_LIMITS.title + 1));
  await expect(page.getByLabel("Listing URL")).toHaveAttribute("maxlength", String(HOUSE_LIMITS.url));
  await expect(page.getByLabel("Image URL")).toHaveAttribute("maxlength", String(HOUSE_LIMITS.listing_img));
});

test("the survey's name takes what registration takes, and no more", async ({ page }) => {
  await page.goto("/auth?mode=register");
  await expect(page.getByLabel("Name (optional)")).toHaveAttribute("maxlength", String(NAME_MAX));
  await newMember(page);
  await page.goto("/survey/1");
  await overLimit(page.getByLabel("Your name"), NAME_MAX);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/survey\/1$/);
  await expect(page.locator(".field-error")).toHaveText(`“Your name” must be at most ${NAME_MAX} characters`);
  await expect(page.getByRole("alert")).toContainText("“Your name” must be at most 100 characters");
});
