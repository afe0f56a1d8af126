import { expect, test, type Browser, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { NAME_MAX } from "../../app/platform/lib/limits";
import { seriousViolations } from "./axe";
import { unbroken } from "./long-data";
import { apiMember, expectStatus, organiserPage, sentMails } from "./season-support";
import { NEW_PASSWORD } from "./support";

// Deciding the season (the weekend and the house) changes what every page shows: the playwright
// config runs this file on the state projects' apps (STATE_SPECS), after season-state, which may
// have chosen another weekend.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const PHONE = { width: 390, height: 844 };
const tag = () => randomBytes(3).toString("hex");

async function member(browser: Browser, javaScriptEnabled: boolean, email: string) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: PHONE });
  const page = await context.newPage();
  watchConsole(page);
  // The login form as login() fills it, with more time: argon2 on a busy machine is slow. Only new
  // members (apiMember) log in here.
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText(`You are logged in as ${email}`)).toBeVisible({ timeout: 30_000 });
  return page;
}

const errors: string[] = [];
function watchConsole(page: Page) {
  page.on("console", (message) => {
    // A refused form answers 400 on purpose (the refusal is checked on the page).
    if (message.type() === "error" && !message.text().includes("status of 400"))
      errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
}

async function expectNoSideways(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, page.url()).toBeLessThanOrEqual(widths.client);
}

/**
 * axe on the trip's pages as the walk reaches them (a weekend is chosen only here): axe is a script,
 * so it runs in the js project, on the hydrated page.
 */
async function expectAxeClean(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  expect(await seriousViolations(page), page.url()).toEqual([]);
}

test("rooms, a ride, an item and the trip sheet, on a 390 px phone", async ({
  browser,
  javaScriptEnabled,
  request,
}) => {
  const suffix = tag();
  // Two members on the trip: a driver, and a rider with the longest name a member may have.
  const driverName = `Dana${suffix}`;
  const riderName = unbroken(`Robin😀${suffix}`, NAME_MAX);
  const survey = { attending: "yes", share_room: "yes", availability: { "Aug 21 - Aug 25": true } };
  const driver = await apiMember(request, driverName, survey);
  const rider = await apiMember(request, riderName, {
    ...survey,
    share_room: "no",
    extra_guests: { boo: true, child: false },
  });

  // The organiser chooses the weekend on Decide, then sets the rooms.
  const organiser = await organiserPage(browser, javaScriptEnabled, "/organiser/decide");
  await organiser.setViewportSize(PHONE);
  watchConsole(organiser);
  const decision = organiser.getByRole("region", { name: "The decision" });
  await decision.getByLabel("Any weekend").selectOption("Aug 21 - Aug 25");
  await decision.getByRole("button", { name: "Choose this weekend" }).click();
  await expectStatus(organiser, "The weekend is Thursday");
  // The weekend alone is a plan: Trip appears once the house is chosen too (the season is decided).
  const lodge = organiser
    .getByRole("region", { name: "The house" })
    .getByRole("listitem")
    .filter({ has: organiser.getByRole("heading", { name: "Lakeside Lodge", level: 3 }) });
  // A retry finds the lodge chosen already.
  if (await lodge.getByRole("button", { name: /Choose for SGW25/ }).count()) {
    await expect(
      organiser.getByRole("navigation", { name: "Survey" }).getByRole("link", { name: "Trip" }),
    ).toHaveCount(0);
    await lodge.getByRole("button", { name: /Choose for SGW25/ }).click();
    await expectStatus(organiser, "Lakeside Lodge is the chosen house.");
  }
  await expect(
    organiser.getByRole("navigation", { name: "Survey" }).getByRole("link", { name: "Trip" }),
  ).toBeVisible();

  await organiser.goto("/trip/rooms");
  for (const [name, beds] of [
    [`Loft ${suffix}`, "2"],
    [`Bunk room ${suffix}`, "4"],
  ]) {
    await organiser.locator("#add-room-name").fill(name);
    await organiser.locator("#add-room-beds").fill(beds);
    await organiser.getByRole("button", { name: "Add the room" }).click();
    await expectStatus(organiser, `${name} is added.`);
  }
  // Each room's own form: the bunk room gets a fifth bed.
  const bunk = `Bunk room ${suffix}`;
  const bunkForm = organiser.getByRole("form", { name: `Room ${bunk}` });
  await bunkForm.getByLabel("Beds").fill("5");
  await organiser.getByRole("button", { name: `Save ${bunk}` }).click();
  await expectStatus(organiser, `${bunk} is saved.`);
  await expect(bunkForm.getByLabel("Beds")).toHaveValue("5");
  // Remove sits in the room's form and posts whatever its fields hold (an emptied name too).
  const spare = `Spare ${suffix}`;
  await organiser.locator("#add-room-name").fill(spare);
  await organiser.getByRole("button", { name: "Add the room" }).click();
  await expectStatus(organiser, `${spare} is added.`);
  await organiser
    .getByRole("form", { name: `Room ${spare}` })
    .getByLabel("Room")
    .fill("");
  await organiser.getByRole("button", { name: `Remove ${spare}` }).click();
  await expectStatus(organiser, "The room is removed");
  await expect(organiser.getByRole("form", { name: `Room ${spare}` })).toHaveCount(0);
  const clear = organiser.getByRole("button", { name: "Clear the plan" });
  if (await clear.count()) {
    await clear.click();
    await expectStatus(organiser, "The plan is empty.");
  }
  await organiser.getByRole("button", { name: "Suggest rooms" }).click();
  await expectStatus(organiser, /^Rooms suggested/);
  // The one "Move someone" form: the rider's boo (listed with their room) to the loft; the loft
  // then lists them, with a button that takes them out into no room, from where they move back.
  const boo = `${riderName}'s boo`;
  const loft = `Loft ${suffix}`;
  const moveTo = async (room: string) => {
    const move = organiser.getByRole("form", { name: "Move someone" });
    const person = move.getByLabel("Person");
    const option = person.locator("option", { hasText: `${boo} — ` });
    await person.selectOption((await option.getAttribute("value"))!);
    await move.getByLabel("To").selectOption({ label: room });
    await move.getByRole("button", { name: "Move" }).click();
  };
  await moveTo(loft);
  await expectStatus(organiser, `${boo} is in ${loft} now.`);
  await expect(organiser.getByRole("list", { name: `In ${loft}` }).getByText(boo)).toBeVisible();
  await expect(organiser.locator("option", { hasText: `${boo} — ${loft}` })).toHaveCount(1);
  await organiser.getByRole("button", { name: `Take ${boo} out of ${loft}` }).click();
  await expectStatus(organiser, `${boo} is in no room now.`);
  await expect(organiser.getByRole("list", { name: "In no room" }).getByText(boo)).toBeVisible();
  await expect(
    organiser.getByRole("region", { name: "Warnings" }).getByText(`${boo} is in no room.`),
  ).toBeVisible();
  await moveTo(loft);
  await expectStatus(organiser, `${boo} is in ${loft} now.`);
  await expect(organiser.getByRole("list", { name: `In ${loft}` }).getByText(boo)).toBeVisible();
  await expectNoSideways(organiser);
  await expectAxeClean(organiser, javaScriptEnabled);

  await organiser.goto("/trip");
  await organiser.getByText("Edit the notes").click();
  await organiser.getByLabel("Key box").fill(`Code 4711 ${suffix}`);
  await organiser.getByRole("button", { name: "Save the notes" }).click();
  await expectStatus(organiser, "The practical notes are saved.");
  // The visitors' pages, read twice (the second answer comes from the page cache), never carry them.
  const visitor = await browser.newContext();
  for (const path of ["/", "/sgw25", "/results", "/sgw25.ics"])
    for (const round of [1, 2]) {
      const answer = await visitor.request.get(path);
      expect(await answer.text(), `${path} (${round})`).not.toContain(`4711 ${suffix}`);
    }
  await visitor.close();

  // The driver gives their arrival with two free seats.
  const driverPage = await member(browser, javaScriptEnabled, driver.email);
  await driverPage.goto("/trip");
  await driverPage.getByLabel("How").selectOption("driving");
  await driverPage.getByLabel("Free seats (when driving)").fill("2");
  await driverPage.getByLabel("Coming from").fill("Boston");
  await driverPage.getByRole("button", { name: "Save my travel" }).click();
  await expectStatus(driverPage, "Your travel details are saved.");

  // The rider needs a ride: a time outside the weekend is refused first, then they ask the driver.
  const riderPage = await member(browser, javaScriptEnabled, rider.email);
  await riderPage.goto("/trip");
  await expect(riderPage.getByText(`Code 4711 ${suffix}`)).toBeVisible();
  await riderPage.locator("#arrival-part").selectOption("time");
  await riderPage.locator("#arrival-time").fill("25:99");
  await riderPage.getByLabel("How").selectOption("ride");
  await riderPage.getByLabel("Coming from").fill(unbroken("Providence", 120));
  await riderPage.getByRole("button", { name: "Save my travel" }).click();
  await expect(riderPage.getByText("Give the time as HH:MM, e.g. 18:30.")).toBeVisible();
  await expect(riderPage.getByLabel("How")).toHaveValue("ride");
  await riderPage.locator("#arrival-time").fill("18:30");
  await riderPage.getByRole("button", { name: "Save my travel" }).click();
  await expectStatus(riderPage, "Your travel details are saved.");
  await riderPage.getByRole("button", { name: `Ask ${driverName} for a seat` }).click();
  await expectStatus(riderPage, `You asked ${driverName} for a seat.`);
  await expect
    .poll(async () => (await sentMails(driver.email)).map((mail) => mail.subject))
    .toContainEqual(expect.stringContaining("asks you for a seat"));

  await driverPage.goto("/trip");
  await driverPage.getByRole("button", { name: `Accept ${riderName}` }).click();
  await expectStatus(driverPage, `${riderName} rides with you.`);
  await expect(driverPage.getByText("1 of 2 seats free")).toBeVisible();
  await expect
    .poll(async () => (await sentMails(rider.email)).map((mail) => mail.subject))
    .toContainEqual(expect.stringContaining("has a seat for you"));

  // The rider adds an item with long notes, claims it and ticks it off.
  const item = `Speaker ${suffix}`;
  await riderPage.reload();
  await expect(riderPage.getByText(`You ride with ${driverName}.`)).toBeVisible();
  await riderPage.locator("#add-item-title").fill(item);
  await riderPage.locator("#add-item-notes").fill(unbroken(`Bluetooth🔊${suffix}`, 200));
  await riderPage.getByRole("button", { name: "Add to the list" }).click();
  await expectStatus(riderPage, `${item} is on the list.`);
  await riderPage.getByRole("button", { name: `I bring ${item}` }).click();
  await expectStatus(riderPage, "You bring it.");
  await riderPage.getByRole("button", { name: `Done: ${item}` }).click();
  await expectStatus(riderPage, "Ticked off.");
  await expect(riderPage.getByRole("button", { name: `Not done: ${item}` })).toBeVisible();
  await expectNoSideways(riderPage);
  await expectAxeClean(riderPage, javaScriptEnabled);

  // The trip sheet on paper: the rooms and the items, without the site's navigation.
  await riderPage.goto("/trip/sheet");
  await riderPage.emulateMedia({ media: "print" });
  const sheet = riderPage.getByRole("article");
  await expect(sheet.getByText(`Loft ${suffix}`)).toBeVisible();
  await expect(sheet.getByText(item)).toBeVisible();
  await expect(sheet.getByText(`Code 4711 ${suffix}`)).toBeVisible();
  await expect(riderPage.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expectNoSideways(riderPage);
  await riderPage.emulateMedia({ media: "screen" });
  await expectAxeClean(riderPage, javaScriptEnabled);

  expect(errors).toEqual([]);
});
