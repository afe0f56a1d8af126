import { expect, test, type Browser, type Page } from "@playwright/test";
import { login, mailsTo, register, uniqueEmail } from "./support";

test.use({ viewport: { width: 390, height: 844 } });

/** The console errors of the walk; a refused form's 400 is the answer the walk expects, not an error. */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (/status of 400 \(Bad Request\)/.test(message.text())) return;
    errors.push(message.text());
  });
  return errors;
}

async function newPhone(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

/** The newest mail to `email` whose text matches `pattern`, once it arrived. */
async function newestMail(email: string, pattern: RegExp) {
  await expect
    .poll(async () => (await mailsTo(email)).filter((mail) => pattern.test(mail.text)).length)
    .toBeGreaterThan(0);
  return (await mailsTo(email)).filter((mail) => pattern.test(mail.text)).at(-1)!;
}

/** A unique address of exactly `length` characters (the 240), its domain in labels of 50. */
function longEmail(prefix: string, length: number) {
  const local = uniqueEmail(prefix).split("@")[0];
  const tail = ".example.com";
  let room = length - local.length - 1 - tail.length;
  const labels: string[] = [];
  while (room > 51) {
    labels.push("x".repeat(50));
    room -= 51;
  }
  labels.push("y".repeat(room));
  const address = `${local}@${labels.join(".")}${tail}`;
  expect(address).toHaveLength(length);
  return address;
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a member signs in with a mailed code on one device while the mail is opened on another", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const email = uniqueEmail("code");
  await register(page, email, "code-password");
  await page.goto("/auth?redirect=%2Fhouses");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in code" }).click();
  await expect(page.getByRole("heading", { name: "Sign in with a code" })).toBeVisible();
  await expect(page.getByText("a 6-digit code is on its way")).toBeVisible();

  const mail = await newestMail(email, /sign-in code is \d{6}/);
  const code = /sign-in code is (\d{6})/.exec(mail.text)![1];
  const link = /(http\S+\/sign-in\/link\?\S+)/.exec(mail.text)![1];

  // The second device (or a mail scanner) opens the link: a page with one button, nobody signed in.
  const other = await newPhone(browser, baseURL, javaScriptEnabled);
  await other.page.goto(link);
  await expect(other.page.getByRole("button", { name: /Continue as/ })).toBeVisible();
  await expect(other.page.getByText("You are not logged in.")).toBeVisible();

  await page.getByLabel("Code from the mail").fill("000000" === code ? "111111" : "000000");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");
  await page.getByLabel("Code from the mail").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/houses$/);
  await expect(page.getByText(`You are logged in as ${email}`)).toBeVisible();

  // Code and link go together: spent on the first device, the link signs nobody in now.
  await other.page.reload();
  await expect(other.page.getByRole("alert")).toContainText(
    "That code is not right, has expired or was used already.",
  );
  await other.context.close();
  expect(errors).toEqual([]);
});

test("/account: name, address through the mailed link, password, other sessions, data and deletion", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  // A long walk (two devices, three mails) on a shared machine.
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const email = uniqueEmail("acct");
  await register(page, email, "first-password");
  await login(page, email, "first-password");
  const other = await newPhone(browser, baseURL, javaScriptEnabled);
  await login(other.page, email, "first-password");

  await page.getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { name: "Your account", exact: true })).toBeVisible();
  await expect(page.getByText("(this browser)")).toBeVisible();

  const longName = "N".repeat(100);
  await page.getByLabel("Name", { exact: true }).fill(longName);
  await page.getByRole("button", { name: "Save the name" }).click();
  await expect(page.getByRole("status")).toHaveText("Your name is saved.");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(longName);
  await noSidewaysScroll(page);

  const newEmail = longEmail("moved", 240);
  await page.getByLabel("New address").fill(newEmail);
  await page.getByRole("button", { name: "Send the confirmation link" }).click();
  await expect(page.getByRole("status")).toContainText(`A confirmation link is on its way to ${newEmail}`);
  const change = await newestMail(newEmail, /account\/email\?token=/);
  await page.goto(/(http\S+\/account\/email\?token=[\w-]+)/.exec(change.text)![1]);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toHaveText(`Your address is now ${newEmail}.`);
  await expect(page.getByText(`You are logged in as ${newEmail}`)).toBeVisible();
  await noSidewaysScroll(page);
  await newestMail(email, /now uses/);

  await page.getByLabel("Current password").fill("first-password");
  await page.getByLabel("New password", { exact: true }).fill("second-password");
  await page.getByLabel("New password again").fill("second-password");
  await page.getByRole("button", { name: "Change the password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is changed.");
  // The password change already ended the other session; sign it in again to end it the other way.
  await other.page.reload();
  await expect(other.page.getByText("You are not logged in.")).toBeVisible();
  await login(other.page, newEmail, "second-password");
  await page.reload();
  await page.getByRole("button", { name: "Log out everywhere else" }).click();
  await expect(page.getByRole("status")).toContainText("Every other session is logged out");
  await other.page.reload();
  await expect(other.page.getByText("You are not logged in.")).toBeVisible();
  await other.context.close();

  const download = await page.request.get("/account/data");
  expect(download.headers()["content-disposition"]).toMatch(/attachment/);
  const exported = await download.json();
  expect(exported.account).toMatchObject({ email: newEmail, name: longName });

  await page.getByRole("link", { name: "Delete my account" }).click();
  await expect(page.getByRole("heading", { name: "Delete your account?" })).toBeVisible();
  await expect(page.getByText("Your surveys of every edition")).toBeVisible();
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your account is deleted.");
  await expect(page.getByText("You are not logged in.")).toBeVisible();
  await page.getByLabel("Email").fill(newEmail);
  await page.getByLabel("Password", { exact: true }).fill("second-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Login failed: Invalid email or password");
  expect(errors).toEqual([]);
});
