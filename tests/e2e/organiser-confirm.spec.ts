import { expect, test } from "@playwright/test";
import { login, mailsTo, register } from "./support";

// Registration checks no address, so an address listed in ADMIN_EMAILS gets the organiser pages only
// once its owner opens the link mailed to it (server.mjs lists one such address per project and try).
test("a listed address gets the organiser pages only after its owner confirms it through the mailed link", async ({
  page,
}, testInfo) => {
  const email = `confirm-${testInfo.project.name}-${testInfo.retry}@example.com`;
  await register(page, email, "confirm-pass");
  await login(page, email, "confirm-pass", "/organiser");
  await expect(page).toHaveURL(/\/organiser\/confirm$/);
  await expect(page.getByRole("heading", { name: "Confirm your address" })).toBeVisible();

  await page.getByRole("button", { name: "Send the confirmation link" }).click();
  await expect(page.getByRole("alert")).toHaveText(`A confirmation link is on its way to ${email}.`);
  await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
  const [mail] = await mailsTo(email);
  expect(mail.subject).toBe("Confirm your address for the SGW25 planner");
  const link = mail.text.match(/http:\/\/localhost:\d+\/organiser\/confirm\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();

  // Until it is confirmed the member is no organiser.
  await page.goto("/organiser");
  await expect(page).toHaveURL(/\/organiser\/confirm$/);

  // A link that is not the mailed one confirms nothing, and says so.
  await page.goto(`${link}x`);
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This link is not valid, was used already or has expired. Send yourself a new one.",
  );

  await page.goto(link!);
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page).toHaveURL(/\/organiser$/);
  await expect(page.getByRole("heading", { name: "Organiser", level: 1 })).toBeVisible();
  await expect(page.getByText("Your address is confirmed: you are an organiser.")).toBeVisible();
});
