import { expect, test, type Page } from "@playwright/test";
import { login, NEW_PASSWORD, uniqueEmail } from "./support";

/**
 * The survey's guest sizes and the suggest form's country parts show only where they apply, with
 * JavaScript (React) and without it (CSS :has() and :checked), so a script-free member is never
 * asked for what does not apply nor finds out about a mismatch only on submit.
 */
async function newMember(page: Page) {
  const email = uniqueEmail("forms");
  const response = await page.request.post("/api/register", { data: { email, password: NEW_PASSWORD } });
  expect(response.status()).toBe(201);
  await login(page, email, NEW_PASSWORD);
}

test("a guest's shirt size shows only while that guest is ticked", async ({ page }) => {
  await newMember(page);
  await page.goto("/survey/2");
  const guests = page.getByRole("group", { name: "Bringing anyone along?" });
  for (const [guest, size] of [
    ["My boo", "Your boo's size"],
    ["My child", "Your child's size"],
  ]) {
    await expect(page.getByLabel(size)).toBeHidden();
    await guests.getByRole("checkbox", { name: guest }).check();
    await expect(page.getByLabel(size)).toBeVisible();
    await guests.getByRole("checkbox", { name: guest }).uncheck();
    await expect(page.getByLabel(size)).toBeHidden();
  }
  await expect(page.getByLabel("Your size", { exact: true })).toBeVisible();
  for (const note of await page.getByText("(only if bringing)").all()) await expect(note).toBeHidden();
});

test("the suggest form asks for a country name only for Other, and lists one country's states", async ({
  page,
  javaScriptEnabled,
}) => {
  await newMember(page);
  await page.goto("/houses-suggest");
  const country = page.getByLabel("Country", { exact: true });
  const state = page.getByLabel("State / Province");
  const shownGroups = () =>
    state.evaluate((select) =>
      [...select.querySelectorAll("optgroup")]
        .filter((group) => getComputedStyle(group).display !== "none")
        .map((group) => group.label),
    );
  await expect(page.getByLabel("Country name")).toBeHidden();
  await expect(state).toBeVisible();
  if (!javaScriptEnabled) expect(await shownGroups()).toEqual(["USA"]);
  await expect(state.locator("option", { hasText: "Colorado" })).toHaveCount(1);
  await state.selectOption("CO");

  await country.selectOption("Canada");
  if (javaScriptEnabled) {
    await expect(state).toHaveValue("");
  } else {
    expect(await shownGroups()).toEqual(["Canada"]);
    // Colorado is still chosen, and the form says so before any submit.
    await expect(page.getByText("That state or province is not in Canada")).toBeVisible();
    await state.selectOption("ON");
    await expect(page.getByText("That state or province is not in Canada")).toBeHidden();
  }

  await country.selectOption("Other");
  await expect(page.getByLabel("Country name")).toBeVisible();
  await expect(page.getByLabel("State / Province")).toBeHidden();
  await expect(page.getByText("(only for Other)")).toBeHidden();
});
