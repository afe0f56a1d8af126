import { expect, test } from "@playwright/test";
import { expectInView, expectStatus, organiserPage } from "./season-support";
import { watchConsole } from "./support";

// Saving a text changes visitor pages for everyone: this file runs on a state app of its own
// (STATE_SPECS) and puts the defaults back at the end.
test.describe.configure({ mode: "serial" });

test("the organiser rewrites the event page's notes: preview, a refused over-long text, a visitor sees it at once, empty restores", async ({
  browser,
  javaScriptEnabled,
}) => {
  const organiser = await organiserPage(browser, javaScriptEnabled, "/organiser/event");
  // The refused save answers 400, which the browser logs.
  const consoleErrors = watchConsole(organiser, [/status of 400 \(Bad Request\)/]);
  const notes = organiser.getByLabel(/^Other notes on the event page/);
  await expect(notes).toHaveValue(/We split the house and groceries evenly; kids stay free\./);

  const text = "Bring <b>boots</b>.\n\nThe map: https://maps.example.org/sgw. See you!";
  await notes.fill(text);
  await organiser.getByRole("button", { name: "Preview" }).click();
  const preview = organiser.locator(".texts-preview");
  await expect(preview.getByText("Bring <b>boots</b>.")).toBeVisible();
  await expect(preview.getByRole("link", { name: "https://maps.example.org/sgw" })).toBeVisible();
  await expect(notes).toHaveValue(text);

  // Over the limit: the message on the field, everything typed still there.
  const about = organiser.getByLabel(/^The About story/);
  await about.fill("y".repeat(4001));
  await organiser.getByRole("button", { name: "Save the texts" }).click();
  await expectInView(organiser, organiser.getByRole("alert").filter({ hasText: "The texts were not saved" }));
  await expect(organiser.getByText("At most 4,000 characters: this one has 4,001.")).toBeVisible();
  await expect(about).toHaveValue("y".repeat(4001));
  await expect(notes).toHaveValue(text);

  await about.fill("");
  await organiser.getByRole("button", { name: "Save the texts" }).click();
  await expectStatus(organiser, "The texts are saved");

  // A visitor (no session: the cached page) sees it at once, the markup as text, the address a link.
  const visitor = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await visitor.goto("/sgw25");
  await expect(visitor.getByText("Bring <b>boots</b>.")).toBeVisible();
  await expect(visitor.getByRole("link", { name: "https://maps.example.org/sgw" })).toHaveAttribute(
    "href",
    "https://maps.example.org/sgw",
  );
  await expect(visitor.getByText("We split the house")).toHaveCount(0);
  await visitor.goto("/about");
  await expect(visitor.getByText("a single borrowed cabin", { exact: false })).toBeVisible();

  // Empty goes back to the default.
  await notes.fill("");
  await organiser.getByRole("button", { name: "Save the texts" }).click();
  await expectStatus(organiser, "The texts are saved");
  await visitor.goto("/sgw25");
  await expect(visitor.getByText("We split the house and groceries evenly; kids stay free.")).toBeVisible();
  consoleErrors.check();
  await visitor.context().close();
  await organiser.context().close();
});
