import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD } from "./support";
import {
  firstEditionYear,
  nextEditionName,
  nextEditionYear,
  weekendAhead,
  weekendToPlan,
  windowsAhead,
} from "../../app/features/season/lib/editions";
import { weekendRange } from "../../app/features/season/lib/event-settings";
import { dayIn } from "../../app/features/season/lib/season-state";
import { defaultWeekend } from "../../app/features/season/lib/weekends";
import { DEFAULT_EVENT_TIME_ZONE } from "../../app/platform/lib/deadline";

// tests/e2e/server.mjs: two empty planners per project (one restored into, one set up afresh), their
// set-up links and a backup of the demo season.
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

// Issue 55: on the machine's day (after the spec's August 2025), a first start plans the first
// edition whose weekend is ahead, its name following the year; the organiser's first steps tick off.
test("a first start plans a weekend ahead: the home page, the first steps, Next edition", async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const port = base + (info.project.name === "js" ? 10 : 9);
  const app = `http://localhost:${port}`;
  const today = dayIn(new Date(), process.env.EVENT_TIME_ZONE || DEFAULT_EVENT_TIME_ZONE);
  const year = firstEditionYear(2025, today);
  const name = nextEditionName("SGW25", 2025, year);
  const planned = defaultWeekend(year);
  expect(weekendAhead(planned, year, today)).toBe(true);

  // The home page: the edition ahead, as a plan, never the spec's past dates.
  await page.goto(`${app}/`);
  await expect(page.getByRole("heading", { name: `${name} is coming` })).toBeVisible();
  await expect(
    page.getByText(
      `The plan: the summer get-together happens the weekend of ${weekendRange(planned, year)}.`,
    ),
  ).toBeVisible();
  await expect(page.getByText("August 22-26")).toHaveCount(0);

  // The first organiser, from the set-up link the start printed.
  const token = readFileSync(path.resolve(`tests/.tmp/setup-link-${port}.txt`), "utf8");
  await page.goto(`${app}/setup?token=${token}`);
  await page.getByLabel("Name").fill("Dana");
  await page.getByLabel("Email").fill(`dana-${info.project.name}@example.org`);
  await page.getByLabel("Password", { exact: true }).fill("dana-secret-1");
  await page.getByRole("button", { name: "Become the first organiser" }).click();
  await expect(page).toHaveURL(`${app}/organiser`);

  // /organiser: what to do first, in order, none done; the season planned for the weekend ahead.
  const steps = page.getByRole("region", { name: "First steps" });
  await expect(steps.getByRole("listitem")).toHaveText([
    /To do: Set the event's facts/,
    /To do: Invite the group/,
    /To do: Open the survey with a deadline/,
  ]);
  await expect(page.getByText(`Not chosen yet (planned: ${planned})`)).toBeVisible();
  await expect(steps.getByText("3 steps are left.")).toBeInViewport();

  // The event's facts saved: that step is ticked off.
  await steps.getByRole("link", { name: "Set the event's facts" }).click();
  await expect(page).toHaveURL(`${app}/organiser/event`);
  await expect(page.getByLabel("Short name")).toHaveValue(name);
  await page.getByLabel("Expected at most (people)").fill("10");
  await page.getByRole("button", { name: "Save the event" }).click();
  await expect(page.getByText("The event is saved.")).toBeVisible();
  await page.getByRole("navigation", { name: "Organiser" }).getByRole("link", { name: "Overview" }).click();
  await expect(steps.getByRole("listitem")).toHaveText([
    /Done: Set the event's facts/,
    /To do: Invite the group/,
    /To do: Open the survey with a deadline/,
  ]);

  // Next edition: the year after, only weekends ahead of today, one of them preselected.
  await page
    .getByRole("navigation", { name: "Organiser" })
    .getByRole("link", { name: "Next edition" })
    .click();
  await expect(page).toHaveURL(`${app}/organiser/next-edition`);
  const nextYear = nextEditionYear(year, today);
  await expect(page.getByLabel("Short name")).toHaveValue(nextEditionName(name, year, nextYear));
  const weekend = page.getByLabel("Planned weekend");
  await expect(weekend).toHaveValue(weekendToPlan(nextYear, today));
  await expect(weekend.locator("option")).toHaveText(windowsAhead(nextYear, today));
  await expect(page.getByText("Only weekends still ahead are offered.")).toBeVisible();
});
