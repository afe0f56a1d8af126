import { expect, test } from "@playwright/test";
import { login } from "./support";

test("a demo member logs in and out", async ({ page }) => {
  await login(page, "alex@example.com");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("You are not logged in.")).toBeVisible();
});
