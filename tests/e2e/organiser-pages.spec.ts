import { expect, test, type Locator, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { longData } from "./long-data";
import { expectInView, organiserPage, sentMails } from "./season-support";
import { NEW_PASSWORD, uniqueEmail } from "./support";

// A season walked across the organiser's pages on a 390 px phone: it sets the deadline, invites,
// decides and announces, then puts everything back. The playwright config runs it on an app of its
// own per project (STATE_SPECS), before organiser-state and season-state.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const PHONE = { width: 390, height: 844 };
const PAGES = [
  { path: "/organiser", title: "Organiser" },
  { path: "/organiser/decide", title: "Decide" },
  { path: "/organiser/people", title: "People" },
  { path: "/organiser/houses", title: "Houses" },
  { path: "/organiser/mail", title: "Mail" },
  { path: "/organiser/event", title: "Event" },
  { path: "/organiser/next-edition", title: "Start the next edition" },
];

async function phone(browser: Parameters<typeof organiserPage>[0], js: boolean, path = "/organiser") {
  const page = await organiserPage(browser, js, path);
  await page.setViewportSize(PHONE);
  await page.goto(path);
  if (js) await hydrated(page);
  return page;
}

/** With JavaScript, waits until React has hydrated, so a click goes through the enhanced form. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => "__remixRouter" in window);
}

/** The message a post left: shown, wholly in view without scrolling, and focused with JavaScript. */
async function expectMessage(page: Page, role: "status" | "alert", text: string | RegExp, js: boolean) {
  const message = page.locator(".page-message").and(page.getByRole(role)).filter({ hasText: text });
  await expect(message).toBeVisible();
  await expectInView(page, message);
  if (js) await expect(message).toBeFocused();
}

/** The confirmation step of a mail round, in view. */
async function expectStep(page: Page, title: string): Promise<Locator> {
  const step = page.getByRole("region", { name: title });
  await expect(step).toBeVisible();
  await expectInView(page, step.getByRole("heading", { name: title, level: 2 }));
  return step;
}

test("every organiser page fits a 390 px phone with 200-character data, with 44 px inputs of 16 px text", async ({
  browser,
  javaScriptEnabled,
  request,
}) => {
  // Seven pages, each measured (and photographed with ORGANISER_SHOTS): slow on a busy machine.
  test.setTimeout(300_000);
  const data = await longData(request);
  const organiser = await phone(browser, javaScriptEnabled);
  const shots = process.env.ORGANISER_SHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  for (const { path, title } of PAGES) {
    await organiser.goto(path);
    if (javaScriptEnabled) await hydrated(organiser);
    await expect(organiser.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const menu = organiser.getByRole("navigation", { name: "Organiser" });
    await expect(menu.locator('[aria-current="page"]')).toHaveAttribute("href", path);
    const width = await organiser.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width, `${path} at 390 px`).toBeLessThanOrEqual(PHONE.width);
    if (!javaScriptEnabled) {
      // Every box a finger or a phone's zoom meets: 44 px tall, 16 px text.
      const small = await organiser.evaluate(() =>
        [...document.querySelectorAll("main input, main select, main textarea")]
          .filter((element) => (element as HTMLInputElement).type !== "hidden")
          .filter((element) => element.getClientRects().length > 0)
          .filter((element) => !["checkbox", "radio"].includes((element as HTMLInputElement).type))
          .map((element) => ({
            name: element.id || (element as HTMLInputElement).name,
            height: element.getBoundingClientRect().height,
            font: parseFloat(getComputedStyle(element).fontSize),
          }))
          .filter((box) => box.height < 44 || box.font < 16),
      );
      expect(small, `${path}: inputs under 44 px or 16 px`).toEqual([]);
    }
    if (shots) {
      const mode = javaScriptEnabled ? "js" : "no-js";
      const name = path.replace(/^\//, "").replaceAll("/", "-");
      await organiser.screenshot({ path: `${shots}/${name}-390-${mode}.png`, fullPage: true });
      await organiser.setViewportSize({ width: 1280, height: 900 });
      await organiser.screenshot({ path: `${shots}/${name}-1280-${mode}.png`, fullPage: true });
      await organiser.setViewportSize(PHONE);
    }
  }
  // The long house is a card on a phone, with its controls under its name.
  await organiser.goto("/organiser/houses");
  const card = organiser.locator(".organiser-house-card").filter({
    has: organiser.getByRole("heading", { name: data.title, level: 3 }),
  });
  const control = card.getByRole("button", { name: /Take out of play|Back into play/ });
  await expect(control).toBeVisible();
  // One table, each row laid out as a card: the controls under the name, within the phone's width.
  const name = (await card.getByRole("heading", { level: 3 }).boundingBox())!;
  const button = (await control.boundingBox())!;
  expect(button.y).toBeGreaterThan(name.y + name.height - 1);
  expect(button.x + button.width).toBeLessThanOrEqual(PHONE.width);
  await organiser.context().close();
});

test("a season across the pages: each post's message in view, a refused deadline keeps what was typed", async ({
  browser,
  javaScriptEnabled: js,
}) => {
  const organiser = await phone(browser, js, "/organiser/people");

  // People: a deadline in the past is refused at the top; the boxes keep the typed date and time.
  await organiser.getByLabel("Date", { exact: true }).fill("2020-01-01");
  await organiser.getByLabel(/^Time/).fill("12:00");
  await organiser.getByRole("button", { name: "Set deadline" }).click();
  await expectMessage(organiser, "alert", "That time has already passed.", js);
  await expect(organiser.getByLabel("Date", { exact: true })).toHaveValue("2020-01-01");
  await expect(organiser.getByLabel(/^Time/)).toHaveValue("12:00");
  await organiser.getByLabel("Date", { exact: true }).fill("2099-07-01");
  await organiser.getByLabel(/^Time/).fill("18:00");
  await organiser.getByRole("button", { name: "Set deadline" }).click();
  await expectMessage(organiser, "status", "Deadline set:", js);

  // Invitations: a step says whom and what before anything goes out; a name alone is named.
  const pat = uniqueEmail("pat");
  await organiser.getByLabel(/^E-mail addresses/).fill(`Pat Newby <${pat}>\nQuinn`);
  await organiser.getByRole("button", { name: "Send the invitations…" }).click();
  const invite = await expectStep(organiser, "Send the invitations?");
  await expect(invite.getByRole("list", { name: /^New/ })).toHaveText(`Pat Newby <${pat}>`);
  await expect(invite.getByRole("list", { name: /^Not an e-mail address/ })).toHaveText("Quinn");
  await expect(invite).toContainText("Hi Pat Newby,");
  expect(await sentMails(pat)).toHaveLength(0);
  await invite.getByRole("button", { name: "Send 1 invitation" }).click();
  await expectMessage(organiser, "status", `Invited 1: ${pat}.`, js);
  expect((await sentMails(pat))[0].text).toMatch(/^Hi Pat Newby,/);
  // Inviting the address again: the step says it was invited already.
  await organiser.getByLabel(/^E-mail addresses/).fill(pat);
  await organiser.getByRole("button", { name: "Send the invitations…" }).click();
  const again = await expectStep(organiser, "Send the invitations?");
  await expect(again.getByRole("list", { name: /^Invited before/ })).toContainText(pat);
  await again.getByRole("link", { name: "Cancel: nothing is sent" }).click();
  await expect(organiser.getByRole("heading", { name: "Survey deadline" })).toBeVisible();

  // The reminder: members and invited addresses counted apart, a step, then Cancel (organiser-state
  // sends the day's one round).
  await organiser
    .getByRole("link", { name: /^Send the reminder to \d+ members? and \d+ invited address/ })
    .click();
  const reminder = await expectStep(organiser, "Send the reminder?");
  await expect(reminder.getByRole("list", { name: /^Invited, not registered/ })).toContainText(pat);
  await expect(reminder).toContainText("Wednesday, July 1, 2099 at 6:00 PM EDT");
  await reminder.getByRole("link", { name: "Cancel: nothing is sent" }).click();
  await expect(organiser).toHaveURL(/\/organiser\/people$/);

  // Decide: a weekend nobody else uses and a house, both from this page.
  const menu = organiser.getByRole("navigation", { name: "Organiser" });
  await menu.getByRole("link", { name: "Decide" }).click();
  await organiser.getByLabel("Any weekend").selectOption("Oct 2 - Oct 6");
  await organiser.getByRole("button", { name: "Choose this weekend" }).click();
  await expectMessage(organiser, "status", "The weekend is Thursday Oct 2", js);
  const house = organiser
    .getByRole("region", { name: "The house" })
    .getByRole("listitem")
    .filter({ has: organiser.getByRole("heading", { name: "Cabin by the Falls", level: 3 }) });
  await house.getByRole("button", { name: /^Choose for SGW25/ }).click();
  await expectMessage(organiser, "status", "Cabin by the Falls is the chosen house.", js);

  // Mail: the step names every member and the mail's text; the round joins the history.
  await menu.getByRole("link", { name: "Mail" }).click();
  const before = (await sentMails()).length;
  await organiser.getByRole("link", { name: /^Announce the (decision|change) to \d+ members$/ }).click();
  const announce = await expectStep(organiser, "Send the announcement?");
  await expect(announce).toContainText("Where: Cabin by the Falls");
  expect((await sentMails()).length).toBe(before);
  await announce.getByRole("button", { name: /^Send the announcement to \d+ members$/ }).click();
  await expectMessage(organiser, "status", /^The decision went to \d+ members\./, js);
  const history = organiser.getByRole("region", { name: "Every round sent" });
  await expect(history.getByRole("listitem").first()).toContainText("Announcement");
  await expect(history.getByRole("listitem").first()).toContainText("Cabin by the Falls");

  // Event: a refusal at the top with the field's own message; the typed value stays.
  await menu.getByRole("link", { name: "Event" }).click();
  // At least 40 and at most 10: each is a valid number, together they are refused by the server.
  const least = organiser.getByLabel("Expected at least (people)");
  const typed = String(Number(await organiser.getByLabel("Expected at most (people)").inputValue()) + 1);
  await least.fill(typed);
  await organiser.getByRole("button", { name: "Save the event" }).click();
  await expectMessage(organiser, "alert", "The event was not saved", js);
  await expect(least).toHaveValue(typed);

  // Houses: a control under the card it acts on, its message at the top.
  await menu.getByRole("link", { name: "Houses" }).click();
  const card = organiser
    .locator(".organiser-house-card")
    .filter({ has: organiser.getByRole("heading", { name: "Mountain View Retreat", level: 3 }) });
  await card.getByRole("button", { name: "Take out of play" }).click();
  await expectMessage(organiser, "status", "Mountain View Retreat is updated.", js);
  await organiser
    .locator(".organiser-house-card")
    .filter({ has: organiser.getByRole("heading", { name: "Mountain View Retreat", level: 3 }) })
    .getByRole("button", { name: "Back into play" })
    .click();
  await expectMessage(organiser, "status", "Mountain View Retreat is updated.", js);

  // Put back what the next specs count on.
  await menu.getByRole("link", { name: "Decide" }).click();
  await organiser.getByRole("button", { name: "Undo the weekend choice" }).click();
  await expectMessage(organiser, "status", "The weekend choice is undone.", js);
  await organiser.getByRole("button", { name: /^Unchoose/ }).click();
  await expectMessage(organiser, "status", "No house is chosen.", js);
  await menu.getByRole("link", { name: "People" }).click();
  await organiser.getByRole("button", { name: "Clear the deadline" }).click();
  await expectMessage(organiser, "status", "The deadline is cleared", js);
  await organiser.context().close();
});

test("People a page at a time: the search and Previous/Next keep each other, the counts are everyone's, a step returns to its page", async ({
  browser,
  javaScriptEnabled: js,
  request,
}) => {
  // 51 members, one page and one row more than a page holds, found by their tag. Their addresses sort
  // last ("zz-"), so the other specs' members stay on the first page; one is deleted below.
  const tag = `pg${randomBytes(3).toString("hex")}`;
  const emails = Array.from({ length: 51 }, (_, i) => `zz-${tag}-${String(i).padStart(2, "0")}@example.com`);
  for (let i = 0; i < emails.length; i += 10) {
    await Promise.all(
      emails.slice(i, i + 10).map(async (email, j) => {
        const made = await request.post("/api/register", {
          data: { email, password: NEW_PASSWORD, name: `Paging ${tag} ${i + j}` },
        });
        expect(made.status(), await made.text()).toBe(201);
      }),
    );
  }
  const organiser = await phone(browser, js, "/organiser/people");
  // The headings count everyone, whatever the search and the page.
  const counts = organiser.getByRole("heading", { level: 3, name: /^(Not s|S)ubmitted \(\d+\)$/ });
  const everyone = await counts.allTextContents();
  const waitingCount = () =>
    counts
      .last()
      .textContent()
      .then((text) => Number(text!.match(/\((\d+)\)/)![1]));
  const total = await waitingCount();
  expect(total).toBeGreaterThanOrEqual(51);
  const pager = organiser.getByRole("navigation", { name: "Pages of members" });
  const waiting = organiser.getByRole("list", { name: /^Not submitted/ });

  // The search narrows to the 51 over two pages; the counts above still count everyone.
  await organiser
    .getByRole("searchbox", { name: "Search members by name or e-mail" })
    .fill(tag.toUpperCase());
  await organiser.getByRole("button", { name: "Search", exact: true }).click();
  await expect(organiser).toHaveURL(new RegExp(`/organiser/people\\?q=${tag.toUpperCase()}$`));
  await expect(organiser.getByText(`Members matching “${tag.toUpperCase()}”: 51.`)).toBeVisible();
  await expect(counts).toHaveText(everyone);
  await expect(organiser.getByText("None on this page.")).toBeVisible();
  await expect(pager).toContainText("Page 1 of 2");
  await expect(waiting.getByRole("listitem")).toHaveCount(50);
  await expect(waiting).toContainText(emails[0]);
  await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  // Every row readable on a 390 px phone: nothing scrolls sideways.
  expect(await organiser.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);

  // Next keeps the search; the last member is alone on page 2; Previous goes back.
  await pager.getByRole("link", { name: "Next page" }).click();
  await expect(organiser).toHaveURL(new RegExp(`\\?q=${tag.toUpperCase()}&page=2$`));
  await expect(pager).toContainText("Page 2 of 2");
  await expect(waiting.getByRole("listitem")).toHaveCount(1);
  await expect(waiting).toContainText(emails[50]);
  await expect(organiser.getByRole("searchbox", { name: "Search members by name or e-mail" })).toHaveValue(
    tag.toUpperCase(),
  );
  await expect(counts).toHaveText(everyone);
  await pager.getByRole("link", { name: "Previous page" }).click();
  await expect(organiser).toHaveURL(new RegExp(`\\?q=${tag.toUpperCase()}$`));
  await expect(waiting).toContainText(emails[0]);
  await pager.getByRole("link", { name: "Next page" }).click();
  await expect(pager).toContainText("Page 2 of 2");

  // A step from page 2: "Keep it" returns to page 2 of the search; the deletion too, its message on top.
  await organiser.getByRole("link", { name: `Delete account of ${emails[50]}` }).click();
  await expect(organiser.getByRole("heading", { level: 1, name: /^Delete the account of/ })).toBeVisible();
  await organiser.getByRole("link", { name: "Keep it: back to People" }).click();
  await expect(organiser).toHaveURL(new RegExp(`\\?q=${tag.toUpperCase()}&page=2$`));
  await expect(pager).toContainText("Page 2 of 2");
  await organiser.getByRole("link", { name: `Delete account of ${emails[50]}` }).click();
  await organiser.getByRole("button", { name: "Delete the account" }).click();
  await expect(organiser).toHaveURL(new RegExp(`\\?q=${tag.toUpperCase()}&page=2$`));
  await expectMessage(organiser, "status", `The account of ${emails[50]} is deleted.`, js);
  // 50 left: one page, so page 2 shows the last (and only) page.
  await expect(organiser.getByText(`Members matching “${tag.toUpperCase()}”: 50.`)).toBeVisible();
  await expect(waiting.getByRole("listitem")).toHaveCount(50);
  await expect(pager).toHaveCount(0);

  // A search that finds nobody says so; "Show everyone" is the whole list again.
  await organiser.getByRole("searchbox", { name: "Search members by name or e-mail" }).fill(`${tag}-none`);
  await organiser.getByRole("button", { name: "Search", exact: true }).click();
  await expect(organiser.getByText(`Members matching “${tag}-none”: 0.`)).toBeVisible();
  await organiser.getByRole("link", { name: "Show everyone" }).click();
  await expect(organiser).toHaveURL(/\/organiser\/people$/);
  await expect(counts.last()).toHaveText(`Not submitted (${total - 1})`);
  await organiser.context().close();
});
