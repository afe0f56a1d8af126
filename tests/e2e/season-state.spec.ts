import { expect, test } from "@playwright/test";
import { attachedEvent, calendarEvent, expectStatus, organiserPage, sentMails } from "./season-support";

// These tests change the decision, the announcement rounds and the data every page shows; the
// playwright config runs this file after every other spec, one project after the other.
test.describe.configure({ mode: "serial" });

const ANNOUNCEMENT = /^SGW25 (is decided|has changed): /;

test("decide the weekend and the house, announce it, change it and announce again", async ({
  browser,
  javaScriptEnabled,
  page,
}) => {
  const organiser = await organiserPage(browser, javaScriptEnabled);
  const decision = organiser.getByRole("region", { name: "The decision" });

  // The top weekend of Best Weekends, then any other window.
  const best = decision.getByRole("list", { name: "Best Weekends" });
  await best
    .getByRole("button", { name: /^Choose / })
    .first()
    .click();
  await expectStatus(organiser, "The weekend is Thursday");
  await organiser
    .getByRole("row", { name: /^Lakeside Lodge/ })
    .getByRole("button", { name: /Choose for SGW25/ })
    .click();
  await expectStatus(organiser, "Lakeside Lodge is the chosen house.");

  const announce = organiser.getByRole("region", { name: "Announce the decision" });
  const recipients = await announce
    .getByRole("list", { name: /It goes to/ })
    .getByRole("listitem")
    .allTextContents();
  expect(recipients.length).toBeGreaterThan(5);
  const before = (await sentMails()).length;
  await announce.getByRole("button", { name: /^Announce the (decision|change) to \d+ members$/ }).click();
  await expectStatus(organiser, `The decision went to ${recipients.length} members.`);

  const round = (await sentMails()).slice(before).filter((mail) => ANNOUNCEMENT.test(mail.subject));
  expect(round).toHaveLength(recipients.length);
  const addresses = round.map((mail) => [mail.to].flat()[0]);
  expect(new Set(addresses).size).toBe(recipients.length);
  for (const line of recipients) expect(addresses).toContain(/<(.+)>/.exec(line)![1]);
  const served = calendarEvent(await (await page.request.get("/sgw25.ics")).text());
  const events = round.map(attachedEvent);
  for (const event of events) expect(event).toMatchObject({ uid: served.uid, sequence: served.sequence });
  expect(events[0].location).toContain("Lakeside Lodge");
  expect(round[0].text).toContain("Where: Lakeside Lodge, Lake Placid, NY");

  // The same decision again is refused: one round per decision.
  await expect(announce.getByRole("button", { name: /^Announce/ })).toHaveCount(0);
  await expect(announce.getByText("This decision has already been announced.")).toBeVisible();

  await decision.getByLabel("Any weekend").selectOption("Sep 18 - Sep 22");
  await decision.getByRole("button", { name: "Choose this weekend" }).click();
  await expectStatus(organiser, "The weekend is Thursday");
  const middle = (await sentMails()).length;
  await announce.getByRole("button", { name: /^Announce the change to \d+ members$/ }).click();
  await expectStatus(organiser, `The decision went to ${recipients.length} members.`);
  const change = (await sentMails()).slice(middle);
  expect(change).toHaveLength(recipients.length);
  expect(change[0].subject).toMatch(/^SGW25 has changed: Thursday/);
  const changed = attachedEvent(change[0]);
  expect(changed.uid).toBe(served.uid);
  expect(changed.sequence).toBeGreaterThan(served.sequence);
  expect(calendarEvent(await (await page.request.get("/sgw25.ics")).text()).sequence).toBe(changed.sequence);

  // The home page and /sgw25 say the decision plainly: when, where (with the listing), who.
  for (const path of ["/", "/sgw25"]) {
    await page.goto(path);
    const said = page.getByRole("definition");
    await expect(said.filter({ hasText: /^Thursday \w+ \d+ to Monday \w+ \d+, 2025$/ })).toHaveCount(1);
    await expect(said.filter({ hasText: "Lakeside Lodge, Lake Placid, NY" })).toBeVisible();
    await expect(page.getByRole("link", { name: /see the listing/ })).toBeVisible();
    await expect(said.filter({ hasText: /\d+ coming: .*Alex/ })).toBeVisible();
  }

  // Put the decision back for the next project (the rounds stay, as they would in real life).
  await decision.getByRole("button", { name: "Undo the weekend choice" }).click();
  await expectStatus(organiser, "The weekend choice is undone.");
  await organiser
    .getByRole("row", { name: /^Lakeside Lodge/ })
    .getByRole("button", { name: /Unchoose/ })
    .click();
  await expectStatus(organiser, "No house is chosen.");
  await page.goto("/");
  await expect(page.getByText("the weekend of August 22-26")).toBeVisible();
  await organiser.context().close();
});
