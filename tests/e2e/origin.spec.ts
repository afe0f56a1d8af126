import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD } from "./support";

const port = Number(process.env.E2E_PORT ?? "3100");
/** The second e2e server: the same app with APP_URL=http://localhost:<port+2>. */
const configuredPort = port + 2;

async function submitLogin(page: import("@playwright/test").Page, url: string, email: string) {
  await page.goto(url);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
}

test.describe("without APP_URL, the address the browser used is the app's own", () => {
  for (const host of ["127.0.0.1", "localhost"]) {
    test(`a login through http://${host}:PORT works`, async ({ page }) => {
      await submitLogin(page, `http://${host}:${port}/auth?redirect=/houses`, "jordan@example.com");
      await expect(page.getByText("You are logged in as jordan@example.com")).toBeVisible();
      await expect(page).toHaveURL(`http://${host}:${port}/houses`);
    });
  }
});

test("with APP_URL set, a post from another address says why it was refused", async ({ page }, testInfo) => {
  await submitLogin(page, `http://127.0.0.1:${configuredPort}/auth`, "jordan@example.com");
  const reason = page.getByText(
    `This request came from http://127.0.0.1:${configuredPort}, not from http://localhost:${configuredPort}`,
  );
  await expect(reason).toBeVisible();
  await expect(page.getByText(`Open the planner at http://localhost:${configuredPort}`)).toBeVisible();
  await expect(page.getByText(/could not handle this/)).toHaveCount(0);
  if (testInfo.project.name === "no-js") {
    // The server's refusal page: the right address is a link, and its style is not blocked by its CSP.
    await expect(page.getByRole("link", { name: `http://localhost:${configuredPort}` })).toBeVisible();
    const alert = page.getByRole("alert");
    expect(await alert.evaluate((node) => getComputedStyle(node).borderLeftStyle)).toBe("solid");
  }
});
