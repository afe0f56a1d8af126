import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { login, NEW_PASSWORD, signedIn, uniqueEmail, uniqueListing } from "./support";
import { fillBasicInfo, fillDetails, RILEY } from "./survey-support";

/**
 * A submit that never reaches the server (offline) or that the server answers with a 503
 * must leave the page, the typed input and a role="alert" message; one more press then saves it.
 * Only the JS project has a client to keep anything: without JS the browser shows its own page.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the enhanced forms only exist with JavaScript");

type Failure = "offline" | "503";
const KEPT = /nothing was saved\. Everything you entered is still here/;

/** Makes the next POST fail the given way; returns how to make the network whole again. */
async function failNextPost(page: Page, context: BrowserContext, how: Failure) {
  if (how === "offline") {
    await context.setOffline(true);
    return () => context.setOffline(false);
  }
  // Remix's data requests, and the /houses page's votes (its script posts to /api/votes).
  await page.route(
    (url) => url.pathname.endsWith(".data") || url.pathname === "/api/votes",
    async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" });
    },
    { times: 1 },
  );
  return async () => {};
}

async function newMember(page: Page) {
  const email = uniqueEmail("flaky");
  const response = await page.request.post("/api/register", {
    data: { email, password: NEW_PASSWORD, name: "Flaky" },
  });
  expect(response.status()).toBe(201);
  await login(page, email, NEW_PASSWORD);
  return email;
}

/**
 * Waits until React has hydrated, so the click goes through the enhanced form, and until the page's
 * own requests are done: going offline while one is in flight (route discovery, a revalidation)
 * fails that request, not the submit the test is about.
 */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as { __remixRouter?: { state: RouterState } }).__remixRouter;
    return Boolean(router?.state.initialized && router.state.navigation.state === "idle");
  });
  await page.waitForLoadState("networkidle");
}
type RouterState = { initialized: boolean; navigation: { state: string } };

async function fillSuggestion(page: Page) {
  const title = `Flaky Lodge ${randomBytes(4).toString("hex")}`;
  await page.goto("/houses-suggest");
  await hydrated(page);
  await page.getByLabel("Listing URL").fill(uniqueListing());
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Image URL").fill("https://127.0.0.1:9/flaky.jpg");
  await page.getByLabel("City").fill("Boulder");
  await page.getByLabel("State / Province").selectOption("CO");
  return title;
}

async function suggestHouse(page: Page) {
  const title = await fillSuggestion(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "House submitted successfully!" })).toBeVisible();
  return title;
}

for (const how of ["offline", "503"] as const) {
  test.describe(`when the submit fails (${how})`, () => {
    test("survey sections 2 and 5 keep their answers and save on the next press", async ({
      page,
      context,
    }) => {
      await newMember(page);
      await page.goto("/survey/1");
      await fillBasicInfo(page, "Flaky", "Yes");
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page).toHaveURL(/\/survey\/2$/);
      await hydrated(page);
      await fillDetails(page, RILEY);

      const restore = await failNextPost(page, context, how);
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByRole("alert").filter({ hasText: KEPT })).toBeVisible();
      await expect(page).toHaveURL(/\/survey\/2$/);
      await expect(page.getByLabel("Your size", { exact: true })).toHaveValue(RILEY.sizes.self);
      await expect(
        page.getByRole("group", { name: "Should SGW be longer?" }).getByLabel(RILEY.extension),
      ).toBeChecked();
      await restore();
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page).toHaveURL(/\/survey\/4$/);
      await page.goto("/survey/2");
      await expect(page.getByLabel("Your size", { exact: true })).toHaveValue(RILEY.sizes.self);
      await expect(page.getByLabel("Your child's size")).toHaveValue(RILEY.sizes.child);

      await page.goto("/survey/5");
      await hydrated(page);
      const concerns = `Rain ${randomBytes(3).toString("hex")}`;
      await page.getByLabel("Any concerns from SGW24?").fill(concerns);
      const restoreAgain = await failNextPost(page, context, how);
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByRole("alert").filter({ hasText: KEPT })).toBeVisible();
      await expect(page.getByLabel("Any concerns from SGW24?")).toHaveValue(concerns);
      await restoreAgain();
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page).toHaveURL(/\/survey\/6$/);
      await page.goto("/survey/5");
      await expect(page.getByLabel("Any concerns from SGW24?")).toHaveValue(concerns);
    });

    test("a Submit Survey that fails says so in the spec's words and submits on the next press", async ({
      page,
      context,
    }) => {
      await newMember(page);
      await page.goto("/survey/1");
      await fillBasicInfo(page, "Flaky", "No");
      await page.getByRole("button", { name: "Next" }).click();
      await page.goto("/survey/6");
      await hydrated(page);
      const restore = await failNextPost(page, context, how);
      await page.getByRole("button", { name: "Submit Survey" }).click();
      const alert = page.getByRole("alert").filter({ hasText: KEPT });
      await expect(alert).toBeVisible();
      await expect(alert).toHaveText(/^Error submitting survey: /);
      await restore();
      await page.getByRole("button", { name: "Submit Survey" }).click();
      await expect(page).toHaveURL(/\/survey\/7$/);
    });

    test("the suggest form keeps every field and submits on the next press", async ({ page, context }) => {
      await newMember(page);
      const title = await fillSuggestion(page);

      const restore = await failNextPost(page, context, how);
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByRole("alert").filter({ hasText: KEPT })).toBeVisible();
      await expect(page.getByLabel("Title")).toHaveValue(title);
      await expect(page.getByLabel("City")).toHaveValue("Boulder");
      await expect(page.getByLabel("State / Province")).toHaveValue("CO");
      await restore();
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "House submitted successfully!" }),
      ).toBeVisible();
      await page.goto("/houses");
      await expect(page.getByRole("article", { name: title, exact: true })).toBeVisible();
    });

    test("an organiser page keeps the invitation list typed into it and sends it on the next press", async ({
      page,
      context,
    }) => {
      await signedIn(page, "organiser@example.com", "/organiser/people");
      await hydrated(page);
      // Checking the list only shows the confirmation step: nothing is sent, no state changes.
      const typed = `Pat Newby <${uniqueEmail("flaky-invite")}>`;
      await page.getByLabel(/^E-mail addresses/).fill(typed);
      const restore = await failNextPost(page, context, how);
      await page.getByRole("button", { name: "Send the invitations…" }).click();
      await expect(page.getByRole("alert").filter({ hasText: KEPT })).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: KEPT })).toBeFocused();
      await expect(page.getByLabel(/^E-mail addresses/)).toHaveValue(typed);
      await restore();
      await page.getByRole("button", { name: "Send the invitations…" }).click();
      await expect(page.getByRole("region", { name: "Send the invitations?" })).toBeVisible();
    });

    test("a failed vote rolls back on its card and the next press records it", async ({ page, context }) => {
      await newMember(page);
      // A house of its own: the seeded houses' counts are other specs' expectations.
      const title = await suggestHouse(page);
      await page.goto("/houses");
      const house = page.getByRole("article", { name: title, exact: true });
      const like = house.getByRole("button", { name: "Like", exact: true });
      const counts = house.locator(".house-counts");
      await expect(house.locator('input[name="via"]:enabled')).toHaveCount(1);
      const before = await counts.textContent();

      const restore = await failNextPost(page, context, how);
      await like.click();
      await expect(house.getByRole("alert")).toHaveText(KEPT);
      await expect(like).toHaveAttribute("aria-pressed", "false");
      await expect(counts).toHaveText(before ?? "");
      await expect(page.getByRole("heading", { name: "In the running" })).toBeVisible();
      await restore();
      await like.click();
      await expect(like).toHaveAttribute("aria-pressed", "true");
      await expect(house.getByRole("alert")).toHaveCount(0);
      await page.reload();
      await expect(
        page.getByRole("article", { name: title, exact: true }).getByRole("button", {
          name: "Like",
          exact: true,
        }),
      ).toHaveAttribute("aria-pressed", "true");
    });
  });
}
