import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD } from "./support";

// tests/e2e/server.mjs: an empty planner per project, its set-up link and a backup of the demo season.
const base = Number(process.env.E2E_PORT ?? "3100");
// Checking and restoring each load the whole file into a database (a scratch one first): seconds.
const RESTORING = { timeout: 30_000 };
const backup = () => readFileSync(path.resolve(`tests/.tmp/e2e-backup-${base}.jsonl`));

test("a new machine restored from the first screen: a damaged file refused, a real one checked, loaded, signed in", async ({
  page,
}, info) => {
  // Two whole restores (the check's, then the real one) on a shared machine.
  test.slow();
  const port = base + (info.project.name === "js" ? 8 : 7);
  const app = `http://localhost:${port}`;
  const token = readFileSync(path.resolve(`tests/.tmp/setup-link-${port}.txt`), "utf8");
  await page.goto(`${app}/setup?token=${token}`);
  await expect(page.getByRole("heading", { name: "Create the first organiser" })).toBeVisible();
  // The password's shortest length is said before it is refused.
  await expect(page.getByText("At least 6 characters.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Restore from a backup" })).toBeVisible();

  // A file cut off on its way: refused in words, in view, and the planner still empty.
  const lines = backup().toString("utf8").split("\n");
  await page.getByLabel(/Backup file/).setInputFiles({
    name: "cut.jsonl",
    mimeType: "application/octet-stream",
    buffer: Buffer.from(lines.slice(0, 40).join("\n")),
  });
  await page.getByRole("button", { name: "Check the backup" }).click();
  const refusal = page.getByRole("alert");
  await expect(refusal).toContainText(
    "This backup is incomplete (it was cut off). Nothing was restored.",
    RESTORING,
  );
  await expect(refusal).toBeInViewport();
  const setup = await page.request.get(`${app}/setup?token=${token}`);
  expect(setup.status()).toBe(200);

  // The real one: checked whole, its counts shown, then restored.
  await page.getByLabel(/Backup file/).setInputFiles({
    name: "backup.jsonl",
    mimeType: "application/octet-stream",
    buffer: backup(),
  });
  await page.getByRole("button", { name: "Check the backup" }).click();
  await expect(page.getByRole("status")).toContainText(
    /The backup is whole: \d+ members, 1 edition, .* Restore\?/,
    RESTORING,
  );
  await page.getByRole("button", { name: "Restore this backup" }).click();
  await expect(page).toHaveURL(`${app}/auth`, RESTORING);
  await expect(page.getByText(/The backup is restored: \d+ members/)).toBeVisible();

  // The organiser signs in with their own account; the set-up link is gone with the empty planner.
  await page.getByLabel("Email").fill("organiser@example.com");
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("You are logged in as organiser@example.com")).toBeVisible();
  await page.goto(`${app}/organiser`);
  await expect(page.getByRole("heading", { name: "What is running" })).toBeVisible();
  expect((await page.request.get(`${app}/setup?token=${token}`)).status()).toBe(404);
  // The spent link, opened, says the planner is set up rather than a bare "Page not found".
  await page.goto(`${app}/setup?token=${token}`);
  await expect(page.getByRole("heading", { name: "The planner is set up" })).toBeVisible();
});
