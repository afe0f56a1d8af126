import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD, login, mailsTo, register, uniqueEmail } from "./support";

/** Counts the form posts a page sends, to prove a check happened in the browser. */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

test.describe("accounts", () => {
  test("register, log out and log in again", async ({ page }) => {
    const email = uniqueEmail("register");
    await register(page, email, "first-pass");
    await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByLabel("Password", { exact: true }).fill("first-pass");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(`You are logged in as ${email}`)).toBeVisible();

    await page.goto("/auth");
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("You are not logged in.")).toBeVisible();

    await login(page, email, "first-pass");
  });

  test("a guarded page sends you to login and back", async ({ page }) => {
    await page.goto("/houses");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fhouses$/);
    await page.getByLabel("Email").fill("sam@example.com");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/houses$/);
    await expect(page.getByText("You are logged in as sam@example.com")).toBeVisible();
  });

  test("the nav's Login comes back to the page, and other sites are never a target", async ({ page }) => {
    await page.goto("/sgw25");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }).click();
    await login(page, "riley@example.com", DEMO_PASSWORD, "/sgw25");
    await expect(page).toHaveURL(/\/sgw25$/);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("You are not logged in.")).toBeVisible();
    for (const target of ["//evil.example", "https://evil.example/"]) {
      await login(page, "riley@example.com", DEMO_PASSWORD, target);
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
      await page.getByRole("button", { name: "Logout" }).click();
      // Logging in again before the logout lands would find the old session still there.
      await expect(page.getByText("You are not logged in.")).toBeVisible();
    }
  });

  test("a wrong password shows the banner; it fades after 5 s only with JavaScript", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/auth");
    await page.getByLabel("Email").fill("jordan@example.com");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    const banner = page.getByRole("alert");
    await expect(banner).toHaveText("Login failed: Invalid email or password");
    await expect(page.getByLabel("Email")).toHaveValue("jordan@example.com");
    await expect(page.getByText("You are not logged in.")).toBeVisible();
    if (javaScriptEnabled) {
      await expect(banner).toBeHidden({ timeout: 8000 });
    } else {
      await page.waitForTimeout(5500);
      await expect(banner).toBeVisible();
    }
  });

  test("the loading overlay shows while a login is in flight", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the overlay is drawn by JavaScript");
    await page.route("**/auth*", async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto("/auth");
    await page.getByLabel("Email").fill("casey@example.com");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("status")).toHaveText("Loading...");
    await expect(page.getByText("You are logged in as casey@example.com")).toBeVisible();
  });

  test("forgot password: the mailed link resets it, ends the old session, and the new one logs in", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("forgot");
    await register(page, email, "old-password");
    await login(page, email, "old-password");

    const other = await browser.newContext({ baseURL, javaScriptEnabled });
    const phone = await other.newPage();
    await phone.goto("/auth");
    await phone.getByRole("link", { name: "Forgot Password?" }).click();
    // The login form has an Email field too: wait for the forgot form before typing.
    await expect(phone.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
    await phone.getByLabel("Email").fill(email.toUpperCase());
    await phone.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(phone.getByRole("alert")).toHaveText("Password reset link sent. Please check your email.");
    await expect(phone.getByRole("heading", { name: "Login" })).toBeVisible();

    await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe("Reset your SGW25 password");
    const link = mail.text.match(/http:\/\/localhost:\d+\/reset-password\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    expect(mail.html).toContain(link!);

    await phone.goto(link!);
    await expect(phone.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    const posts = countPosts(phone);
    await phone.getByLabel("New Password").fill("new-password");
    await phone.getByLabel("Confirm Password").fill("new-passwort");
    await phone.getByRole("button", { name: "Reset Password" }).click();
    await expect(phone.getByRole("alert")).toHaveText("Passwords do not match");
    expect(posts).toHaveLength(javaScriptEnabled ? 0 : 1);

    await phone.getByLabel("New Password").fill("new-password");
    await phone.getByLabel("Confirm Password").fill("new-password");
    await phone.getByRole("button", { name: "Reset Password" }).click();
    await expect(phone).toHaveURL(/\/auth$/);
    await expect(phone.getByRole("alert")).toHaveText(
      "Password has been reset successfully! You can now log in.",
    );

    await page.reload();
    await expect(page.getByText("You are not logged in.")).toBeVisible();

    await phone.getByLabel("Email").fill(email);
    await phone.getByLabel("Password", { exact: true }).fill("old-password");
    await phone.getByRole("button", { name: "Login" }).click();
    await expect(phone.getByRole("alert")).toHaveText("Login failed: Invalid email or password");
    await login(phone, email, "new-password");

    await phone.goto(link!);
    await phone.getByLabel("New Password").fill("third-password");
    await phone.getByLabel("Confirm Password").fill("third-password");
    await phone.getByRole("button", { name: "Reset Password" }).click();
    await expect(phone.getByRole("alert")).toHaveText("Error resetting password: Invalid or expired token");
    // A used link says what to do next, as the page without a token does.
    await expect(phone.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
      "href",
      "/auth?mode=forgot",
    );
    await other.close();
  });

  test("reset mode on /auth checks the confirmation and the token", async ({ page, javaScriptEnabled }) => {
    await page.goto("/auth?token=not-a-real-token");
    await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    const posts = countPosts(page);
    await page.getByLabel("New Password").fill("abcdef");
    await page.getByLabel("Confirm Password").fill("abcdeg");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
    expect(posts).toHaveLength(javaScriptEnabled ? 0 : 1);
    await page.getByLabel("New Password").fill("abcdef");
    await page.getByLabel("Confirm Password").fill("abcdef");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText("Error resetting password: Invalid or expired token");
    await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
      "href",
      "/auth?mode=forgot",
    );
    await page.getByRole("link", { name: "Back to Login" }).click();
    await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
  });

  test("mode links work and /reset-password without a token says so", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("link", { name: "Forgot Password?" }).click();
    await expect(page).toHaveURL(/\/auth\?mode=forgot$/);
    await page.getByRole("link", { name: "Back to Login" }).click();
    await page.getByRole("link", { name: "Register here" }).click();
    await expect(page).toHaveURL(/\/auth\?mode=register$/);
    await page.getByRole("link", { name: "Login here" }).click();
    await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();

    await page.goto("/reset-password");
    await expect(page.getByRole("alert")).toHaveText("No token provided in URL");
  });
});
