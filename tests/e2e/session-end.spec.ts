import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { NEW_PASSWORD, login, uniqueEmail, uniqueListing } from "./support";
import { choose } from "./survey-support";

/**
 * A form posted after the session ended (here: logged out in another tab) is not lost (see
 * docs/decisions/007-pending-submissions.md).
 * The login page says why the member is there, in the spec's words, and the login saves what was
 * sent (or, for a vote, leads back to the card, one click from voting again).
 */

async function newMember(page: Page) {
  const email = uniqueEmail("session");
  const response = await page.request.post("/api/register", {
    data: { email, password: NEW_PASSWORD, name: "Session" },
  });
  expect(response.status()).toBe(201);
  await login(page, email, NEW_PASSWORD);
  return email;
}

/** Ends the session from a second tab, the way a member would. */
async function logOutElsewhere(context: BrowserContext) {
  const other = await context.newPage();
  await other.goto("/about");
  await other.getByRole("button", { name: "Logout" }).click();
  await expect(other.getByText("You are not logged in.")).toBeVisible();
  await other.close();
}

/** Logs in on the /auth page the app sent the member to. */
async function logInHere(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText(`You are logged in as ${email}`)).toBeVisible();
}

test("a survey section sent after logging out elsewhere is saved by the login", async ({ page, context }) => {
  const email = await newMember(page);
  await page.goto("/survey/1");
  await expect(page.getByRole("heading", { name: "Basic info" })).toBeVisible();
  await logOutElsewhere(context);
  const name = `Kept ${randomBytes(3).toString("hex")}`;
  await page.getByLabel("Your name").fill(name);
  await choose(page, "Are you coming to SGW25?", "Maybe");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page).toHaveURL(/\/auth\?/);
  await expect(page.getByRole("alert")).toHaveText("No token found. Please log in again.");
  await logInHere(page, email);
  // Saved right after the login, as if Next had worked: the member goes on to the next section.
  await expect(page).toHaveURL(/\/survey\/2$/);
  await expect(page.getByRole("status")).toHaveText(
    "You are logged in again, and the answers you sent before are saved.",
  );
  await page.reload();
  await expect(page.getByRole("status")).toHaveCount(0);
  await page.goto("/survey/1");
  await expect(page.getByLabel("Your name")).toHaveValue(name);
  await expect(
    page.getByRole("group", { name: "Are you coming to SGW25?" }).getByRole("radio", { name: "Maybe" }),
  ).toBeChecked();
});

test("a survey section that cannot be saved after the login comes back with its answers", async ({
  page,
  context,
}) => {
  const email = await newMember(page);
  await page.goto("/survey/1");
  await logOutElsewhere(context);
  // A name longer than the server takes (the field's maxlength is lifted, as an old browser might).
  const name = `Too long ${"x".repeat(2000)}`;
  await page.getByLabel("Your name").evaluate((input) => input.removeAttribute("maxlength"));
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toHaveText("No token found. Please log in again.");
  await logInHere(page, email);
  await expect(page).toHaveURL(/\/survey\/1\?/);
  await expect(page.getByLabel("Your name")).toHaveValue(name);
  await expect(page.getByText("They are not saved yet")).toBeVisible();
  await expect(page.locator(".field-error")).toHaveText("“Your name” must be at most 100 characters");
});

test("a vote sent after logging out elsewhere is offered again after the login", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const email = await newMember(page);
  const title = `Session Lodge ${randomBytes(4).toString("hex")}`;
  await page.goto("/houses-suggest");
  await page.getByLabel("Listing URL").fill(uniqueListing());
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Image URL").fill("https://127.0.0.1:9/session.jpg");
  await page.getByLabel("City").fill("Boulder");
  await page.getByLabel("State / Province").selectOption("CO");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "House submitted successfully!" })).toBeVisible();

  await page.goto("/houses");
  const card = () => page.getByRole("article", { name: title, exact: true });
  if (javaScriptEnabled) await expect(card().locator('input[name="via"]:enabled')).toHaveCount(1);
  await logOutElsewhere(context);
  await card().getByRole("button", { name: "Love" }).click();
  if (javaScriptEnabled) {
    // The page shows the member logged out and offers the login that comes back to this card.
    await expect(card().getByRole("alert")).toHaveText(
      "Your session has expired. Please log in again. Log in to vote again",
    );
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Logout" })).toHaveCount(0);
    await expect(page.getByText("You are not logged in.")).toBeVisible();
    await expect(page.getByText("You are logged in as")).toHaveCount(0);
    await expect(page).toHaveURL(/\/houses$/);
    await card().getByRole("link", { name: "Log in to vote again" }).click();
  }
  await expect(page).toHaveURL(/\/auth\?/);
  await expect(page.getByRole("alert")).toHaveText(
    javaScriptEnabled ? "Your session has expired. Please log in again." : "Please log in to vote",
  );
  await logInHere(page, email);
  await expect(page).toHaveURL(/\/houses\?/);
  await expect(card().getByRole("alert")).toContainText("Your Love vote was not recorded");
  const love = card().getByRole("button", { name: "Love" });
  await expect(love).toHaveAttribute("aria-pressed", "false");
  if (javaScriptEnabled) await expect(card().locator('input[name="via"]:enabled')).toHaveCount(1);
  await love.click();
  await expect(love).toHaveAttribute("aria-pressed", "true");
  await expect(card().getByRole("alert")).toHaveCount(0);
  await page.goto("/houses");
  await expect(card().getByRole("button", { name: "Love" })).toHaveAttribute("aria-pressed", "true");
  await expect(card().locator(".house-counts")).toHaveText("Loves: 1 · Likes: 0 · Hates: 0");
});

test("a house suggested after logging out elsewhere is saved by the login", async ({ page, context }) => {
  const email = await newMember(page);
  const title = `Kept Lodge ${randomBytes(4).toString("hex")}`;
  await page.goto("/houses-suggest");
  await page.getByLabel("Listing URL").fill(uniqueListing());
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Image URL").fill("https://127.0.0.1:9/kept.jpg");
  await page.getByLabel("City").fill("Boulder");
  await page.getByLabel("State / Province").selectOption("CO");
  await logOutElsewhere(context);
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(/\/auth\?/);
  await expect(page.getByRole("alert")).toHaveText("No valid token found. Please log in again.");
  await logInHere(page, email);
  // Saved by the login itself: the form says so and starts afresh, keeping what the spec keeps.
  await expect(page).toHaveURL(/\/houses-suggest\?/);
  await expect(page.getByRole("status").filter({ hasText: "House submitted successfully!" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("");
  await page.goto("/houses");
  await expect(page.getByRole("article", { name: title, exact: true })).toHaveCount(1);
});

test(
  "/results-summary logged out says the token was not found, with a login button",
  { tag: "@once" },
  async ({ page }) => {
    await page.goto("/results-summary");
    await expect(page.getByRole("alert")).toHaveText("Authentication token not found. Please log in again.");
    await expect(page.getByRole("link", { name: "Go to Login" })).toHaveAttribute(
      "href",
      "/auth?redirect=%2Fresults-summary",
    );
  },
);
