import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Browser, type TestInfo } from "@playwright/test";
import { login, mailsTo, register, signedIn } from "./support";

/** A second browser, like the project's (JavaScript on or off). */
const newBrowser = (browser: Browser, testInfo: TestInfo) =>
  browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled ?? true,
  });

/**
 * Another origin on the same host (another port): cookies are not kept apart by port, so what it
 * sets is sent to the planner too. It plants `cookie` under /organiser, as an attacker would.
 */
async function tossingSite(cookie: string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      "Set-Cookie": `${cookie}; Path=/organiser; HttpOnly; SameSite=Lax`,
      "Content-Type": "text/html",
    });
    res.end("<p>Nothing to see here</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

// Registration checks no address, so an address listed in ADMIN_EMAILS gets the organiser pages only
// once its owner opens the link mailed to it (server.mjs lists one such address per project and try).
// Here someone else registered it first and tossed their session cookie into the owner's browser:
// confirming sets the owner's password and ends the other sessions, so the organiser is the owner.
test("a listed address gets the organiser pages only after its owner confirms it, even with someone else's session planted", async ({
  browser,
  page,
}, testInfo) => {
  const email = `confirm-${testInfo.project.name}-${testInfo.retry}@example.com`;
  const attackerContext = await newBrowser(browser, testInfo);
  const attacker = await attackerContext.newPage();
  await register(attacker, email, "attacker-pass");
  await login(attacker, email, "attacker-pass", "/organiser");
  await expect(attacker).toHaveURL(/\/organiser\/confirm$/);
  await expect(attacker.getByRole("heading", { name: "Confirm your address" })).toBeVisible();

  await attacker.getByRole("button", { name: "Send the confirmation link" }).click();
  await expect(attacker.getByRole("alert")).toHaveText(`A confirmation link is on its way to ${email}.`);
  await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
  const [mail] = await mailsTo(email);
  expect(mail.subject).toBe("Confirm your address for the SGW25 planner");
  const link = mail.text.match(/http:\/\/localhost:\d+\/organiser\/confirm\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();

  // The owner's browser, with a member logged in: organiser sub-pages tell a member plainly.
  await signedIn(page, "sam@example.com");
  await page.goto("/organiser/members/1/delete");
  await expect(page.getByRole("alert")).toContainText("Only organisers can open this page.");
  await expect(page.getByRole("heading", { name: "Organisers only" })).toBeVisible();

  const session = (await attackerContext.cookies()).find((cookie) => cookie.name === "sgw_session");
  expect(session).toBeTruthy();
  const site = await tossingSite(`sgw_session=${session!.value}`);
  try {
    await page.goto(site.url);
  } finally {
    site.close();
  }
  expect((await page.context().cookies()).find((cookie) => cookie.path === "/organiser")).toBeTruthy();

  // A link that is not the mailed one confirms nothing, and says so.
  await page.goto(`${link}x`);
  await expect(page.getByRole("alert")).toHaveText(
    "This link is not valid, was used already or has expired. Send yourself a new one.",
  );
  await expect(page.getByRole("button", { name: "Confirm", exact: true })).toHaveCount(0);

  await page.goto(link!);
  await expect(page.getByText(`Confirm that ${email} is your address`)).toBeVisible();
  await expect(page.getByText(/This link was asked for on \w+, \w+ \d+, \d{4} at/)).toBeVisible();
  await page.getByLabel("New Password").fill("owners-pass");
  await page.getByLabel("Confirm Password").fill("owners-pass");
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page).toHaveURL(/\/organiser$/);
  await expect(page.getByRole("heading", { name: "Organiser", level: 1 })).toBeVisible();
  await expect(page.getByText("Your address is confirmed: you are an organiser.")).toBeVisible();

  // The one who planted the cookie is logged out, and their password no longer works.
  await attacker.goto("/organiser");
  await expect(attacker).toHaveURL(/\/auth\?redirect=%2Forganiser/);
  await attacker.getByLabel("Email").fill(email);
  await attacker.getByLabel("Password", { exact: true }).fill("attacker-pass");
  await attacker.getByRole("button", { name: "Login" }).click();
  await expect(attacker.getByRole("alert")).toContainText("Invalid email or password");
  await attackerContext.close();
});
