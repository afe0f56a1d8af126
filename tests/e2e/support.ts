import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";

/** The seeded demo accounts' password: for logging in as them only. */
export const DEMO_PASSWORD = "sgw25-demo";
/** The password of every account a test registers or sets: the demo's is refused as anyone's own. */
export const NEW_PASSWORD = "walk-the-lake-9";
export const MAIL_API = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? "3101"}`;
/** The stand-in listing site's photo server (tests/support/image-server.mjs), started by server.mjs. */
export const IMAGE_SERVER = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "3100") + 3}`;

/** A unique e-mail per test run, so specs never collide across projects or reruns. */
export function uniqueEmail(prefix = "member") {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

/** Logs in through the real /auth form (works with JS on and off). */
export async function login(page: Page, email: string, password = DEMO_PASSWORD, redirect?: string) {
  await page.goto(redirect ? `/auth?redirect=${encodeURIComponent(redirect)}` : "/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText(`You are logged in as ${email.toLowerCase()}`)).toBeVisible();
}

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;
/** The session cookies of the demo members this worker has logged in, by app and address. */
const sessions = new Map<string, Cookies>();

/**
 * Opens `path` as a seeded demo member, for a test whose subject is not the login: the first time in
 * this worker through the real /auth form (login()), after that with the session it saved. A session
 * another test has ended is noticed (the page does not say who is logged in) and replaced by a new
 * login. The login form itself is tested by the specs that call login().
 */
export async function signedIn(page: Page, email: string, path = "/") {
  const key = `${test.info().project.use.baseURL} ${email}`;
  const saved = sessions.get(key);
  const banner = page.getByText(`You are logged in as ${email.toLowerCase()}`);
  if (saved) {
    await page.context().addCookies(saved);
    await page.goto(path);
    if (await banner.isVisible()) return;
  }
  await login(page, email, DEMO_PASSWORD, path);
  sessions.set(key, await page.context().cookies());
}

/** A listing URL no other test (or project, or rerun) suggests: the same listing is refused twice. */
export function uniqueListing() {
  return `airbnb.com/rooms/${randomBytes(5).readUIntBE(0, 5)}`;
}

export type Mail = { to: string | string[]; subject: string; html: string; text: string };

/**
 * The fake Resend's query for the mails the running test's app sent (every e2e app sends with an
 * API key of its own, server.mjs), to `to` if given: apps running side by side share that server,
 * and one app's round must never count in another's test.
 */
export function mailQuery(to?: string) {
  const baseURL = test.info().project.use.baseURL ?? `http://localhost:${process.env.E2E_PORT ?? "3100"}`;
  const query = new URLSearchParams({ key: `re_test_${new URL(baseURL).port}` });
  if (to) query.set("to", to);
  return `${MAIL_API}/__mails?${query}`;
}

/** The mails the fake Resend server received for `email` from the running test's app. */
export async function mailsTo(email: string): Promise<Mail[]> {
  const response = await fetch(mailQuery(email));
  return (await response.json()) as Mail[];
}

/** Registers through the real /auth form (works with JS on and off). */
export async function register(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByRole("link", { name: "Register here" }).click();
  await expect(page.getByRole("heading", { name: "Register" })).toBeVisible();
  await page.getByLabel("Name (optional)").fill("Playwright Pal");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByRole("alert")).toHaveText("Registration successful! You can now log in.");
}

/**
 * Fails the test on any error the page's console shows or any exception it leaves uncaught (an
 * unhandled rejection too), but those `expected` matches: call `check()` at the end of a walk.
 */
export function watchConsole(page: Page, expected: RegExp[] = []) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`Uncaught ${error.name}: ${error.message}`));
  return {
    check: () =>
      expect(errors.filter((error) => !expected.some((pattern) => pattern.test(error)))).toEqual([]),
  };
}
