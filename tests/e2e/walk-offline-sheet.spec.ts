import { chromium, expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { apiMember, decideSeason, expectStatus, organiserPage, type ApiMember } from "./season-support";
import { NEW_PASSWORD } from "./support";

// The trip sheet kept on the phone (issue 56). Deciding the season changes what every page shows:
// the playwright config runs this file on the state projects' apps (STATE_SPECS).
test.describe.configure({ mode: "serial", timeout: 240_000 });

const PHONE = { width: 390, height: 844 };
const SHOTS = "/work/shots";
const tag = () => randomBytes(3).toString("hex");

/** A member's own context at 390 px, logged in through the form. */
async function memberIn(context: BrowserContext, email: string) {
  const page = await context.newPage();
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText(`You are logged in as ${email}`)).toBeVisible({ timeout: 30_000 });
  return page;
}

type Trip = { rider: ApiMember; driver: ApiMember; outsider: ApiMember; room: string; note: string };

/**
 * A decided season (chosen here unless an earlier spec chose one), a rider in a room of their own
 * name, a driver who takes them, and a member who is not coming. Set up with JavaScript on: it is not
 * what this file tests.
 */
async function tripWithRide(browser: Browser, request: Parameters<typeof apiMember>[0]): Promise<Trip> {
  const suffix = tag();
  const coming = { attending: "yes", share_room: "yes", availability: { "Aug 21 - Aug 25": true } };
  const rider = await apiMember(request, `Rae${suffix}`, coming);
  const driver = await apiMember(request, `Dev${suffix}`, coming);
  const outsider = await apiMember(request, `Otto${suffix}`, { attending: "no" });
  const organiser = await organiserPage(browser, true, "/organiser/decide");
  const tripLink = organiser.getByRole("navigation", { name: "Survey" }).getByRole("link", { name: "Trip" });
  if (!(await tripLink.count())) {
    await decideSeason(organiser);
    await expect(tripLink).toBeVisible();
  }
  const room = `Attic ${suffix}`;
  await organiser.goto("/trip/rooms");
  await organiser.locator("#add-room-name").fill(room);
  await organiser.locator("#add-room-beds").fill("2");
  await organiser.getByRole("button", { name: "Add the room" }).click();
  await expectStatus(organiser, `${room} is added.`);
  const move = organiser.getByRole("form", { name: "Move someone" });
  const person = move.getByLabel("Person");
  const option = person.locator("option", { hasText: `${rider.name} — ` });
  await person.selectOption((await option.getAttribute("value"))!);
  await move.getByLabel("To").selectOption({ label: room });
  await move.getByRole("button", { name: "Move" }).click();
  await expectStatus(organiser, `${rider.name} is in ${room} now.`);
  const note = `Key box 4711 ${suffix}`;
  await saveKeyBox(organiser, note);
  await organiser.context().close();

  const context = await browser.newContext({ viewport: PHONE });
  const driverPage = await memberIn(context, driver.email);
  await driverPage.goto("/trip");
  await driverPage.getByLabel("How").selectOption("driving");
  await driverPage.getByLabel("Free seats (when driving)").fill("2");
  await driverPage.getByLabel("Coming from").fill("Boston");
  await driverPage.getByRole("button", { name: "Save my travel" }).click();
  await expectStatus(driverPage, "Your travel details are saved.");
  await context.clearCookies();
  const riderPage = await memberIn(context, rider.email);
  await riderPage.goto("/trip");
  await riderPage.getByLabel("How").selectOption("ride");
  await riderPage.getByLabel("Coming from").fill("Providence");
  await riderPage.getByRole("button", { name: "Save my travel" }).click();
  await expectStatus(riderPage, "Your travel details are saved.");
  await riderPage.getByRole("button", { name: `Ask ${driver.name} for a seat` }).click();
  await expectStatus(riderPage, `You asked ${driver.name} for a seat.`);
  await context.clearCookies();
  const back = await memberIn(context, driver.email);
  await back.goto("/trip");
  await back.getByRole("button", { name: `Accept ${rider.name}` }).click();
  await expectStatus(back, `${rider.name} rides with you.`);
  await context.close();
  return { rider, driver, outsider, room, note };
}

async function saveKeyBox(organiser: Page, value: string) {
  await organiser.goto("/trip");
  await organiser.getByText("Edit the notes").click();
  await organiser.getByLabel("Key box").fill(value);
  await organiser.getByRole("button", { name: "Save the notes" }).click();
  await expectStatus(organiser, "The practical notes are saved.");
}

/** Every entry of every cache in Cache Storage, as [cache name, path, X-Sheet-Member]. */
const cacheEntries = (page: Page) =>
  page.evaluate(async () => {
    const entries: string[][] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push([name, new URL(request.url).pathname, response?.headers.get("X-Sheet-Member") ?? ""]);
      }
    }
    return entries;
  });

/** The sheet a member sees: the house, their room and the ride. */
async function expectSheet(page: Page, trip: Trip, note = trip.note) {
  const sheet = page.getByRole("article");
  await expect(sheet.getByRole("heading", { name: /trip sheet/ })).toBeVisible();
  await expect(sheet.getByText("Lakeside Lodge")).toBeVisible();
  await expect(sheet.getByText(note)).toBeVisible();
  await expect(sheet.getByText(`${trip.room} (2): ${trip.rider.name}`)).toBeVisible();
  await expect(sheet.getByText(`${trip.driver.name} drives with ${trip.rider.name}.`)).toBeVisible();
}

/** Opens the sheet online and waits until the worker keeps it. */
async function openAndKeep(page: Page, member: ApiMember) {
  await page.goto("/trip/sheet");
  await expect(page.getByText("This phone keeps a copy until you sign out")).toBeVisible();
  await expect.poll(async () => (await cacheEntries(page)).map(([, at]) => at)).toEqual(["/trip/sheet"]);
  const [[, , owner]] = await cacheEntries(page);
  expect(owner, member.email).not.toBe("");
  return owner;
}

const offlineGoto = (page: Page) =>
  page.goto("/trip/sheet").then(
    () => "a page",
    (error: Error) => error.message,
  );

test("with JavaScript the sheet stays on the phone, and only the sheet, until the member signs out", async ({
  browser,
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "a service worker needs JavaScript");
  mkdirSync(SHOTS, { recursive: true });
  const trip = await tripWithRide(browser, request);
  const context = await browser.newContext({ viewport: PHONE });
  const page = await memberIn(context, trip.rider.email);

  const owner = await openAndKeep(page, trip.rider);
  await expectSheet(page, trip);
  await expect(page.getByText("— shown without connection")).toBeHidden();
  await page.screenshot({ path: path.join(SHOTS, "sheet-online-390.png"), fullPage: true });
  // The registration adds under 1 KB to the page, and the sheet loads no script file.
  const inline = await page.locator("script").evaluateAll((found) => found.map((s) => s.textContent ?? ""));
  expect(inline).toHaveLength(1);
  expect(inline[0].length).toBeLessThan(1024);
  expect(await page.locator("script[src]").count()).toBe(0);

  // No signal: the same sheet, saying how old it is and that it is a copy.
  await context.setOffline(true);
  await page.reload();
  await expectSheet(page, trip);
  await expect(
    page.getByText(/^Saved \w+day \d{1,2} \w+, \d\d:\d\d — shown without connection$/),
  ).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "sheet-offline-390.png"), fullPage: true });
  // Another page is not kept.
  expect(await page.goto("/money").catch((error: Error) => error.message)).toMatch(
    /ERR_INTERNET_DISCONNECTED/,
  );
  await context.setOffline(false);

  // Pages, Remix's .data requests and /api pass by: Cache Storage holds the sheet alone, in this
  // build's cache.
  await page.goto("/trip");
  await page.getByRole("navigation", { name: "Survey" }).getByRole("link", { name: "Money" }).click();
  await expect(page).toHaveURL(/\/money$/);
  expect(await page.evaluate(async () => (await fetch("/api/user")).status)).toBe(200);
  await page.goto("/results");
  const version = readFileSync("build/version.txt", "utf8").trim();
  expect(await cacheEntries(page)).toEqual([[`sgw-sheet-${version}`, "/trip/sheet", owner]]);
  const worker = await (await page.request.get("/sw.js")).text();
  expect(worker).toContain(JSON.stringify(version));

  // A new sheet (here: new notes) wins as soon as there is signal, and becomes the copy.
  const fresh = `Key box 0815 ${tag()}`;
  const organiser = await organiserPage(browser, true, "/organiser");
  await saveKeyBox(organiser, fresh);
  await organiser.context().close();
  await page.goto("/trip/sheet");
  await expectSheet(page, trip, fresh);
  await context.setOffline(true);
  await page.reload();
  await expectSheet(page, trip, fresh);
  await expect(page.getByText(trip.note)).toHaveCount(0);
  await context.setOffline(false);

  // Signing out leaves nothing: offline, no sheet.
  await page.goto("/trip/sheet");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("You are not logged in.")).toBeVisible();
  await context.setOffline(true);
  expect(await offlineGoto(page)).toMatch(/ERR_INTERNET_DISCONNECTED/);
  await context.setOffline(false);
  await page.goto("/");
  expect(await cacheEntries(page)).toEqual([]);

  // The member again, then their session goes without a sign-out (a browser session ending) and a
  // member who is not coming signs in on the same browser: never the first member's sheet.
  const again = await memberIn(context, trip.rider.email);
  await openAndKeep(again, trip.rider);
  await context.clearCookies();
  const outsider = await memberIn(context, trip.outsider.email);
  await outsider.goto("/");
  expect(await cacheEntries(outsider)).toEqual([]);
  await context.setOffline(true);
  expect(await offlineGoto(outsider)).toMatch(/ERR_INTERNET_DISCONNECTED/);
  await context.setOffline(false);
  const refused = await outsider.goto("/trip/sheet");
  expect(refused?.status()).toBe(403);
  await expect(outsider.getByText(trip.note)).toHaveCount(0);
  await context.close();
});

test("without JavaScript the sheet is one file to keep, that opens offline and asks for nothing", async ({
  browser,
  request,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "the file is for phones without JavaScript");
  mkdirSync(SHOTS, { recursive: true });
  const trip = await tripWithRide(browser, request);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: PHONE,
    acceptDownloads: true,
  });
  const page = await memberIn(context, trip.rider.email);
  await page.goto("/trip/sheet");
  await expect(page.getByText("This phone keeps a copy")).toBeHidden();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "save the sheet to this phone" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("sgw25-trip-sheet.html");
  const file = test.info().outputPath("sheet.html");
  await download.saveAs(file);
  const html = readFileSync(file, "utf8");
  // Self-contained: no script, and no address of anything to load.
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<link\b/i);
  expect(html).not.toMatch(/\bsrc\s*=/i);
  expect(html).not.toMatch(/url\(\s*['"]?(?!data:)/i);
  expect(html).not.toMatch(/@import/i);
  expect(html).not.toMatch(/https?:\/\//i);

  // Opened from the phone's downloads with no connection at all.
  const offline = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, offline: true });
  const saved = await offline.newPage();
  const asked: string[] = [];
  saved.on("request", (made) => asked.push(made.url()));
  await saved.goto(`file://${file}`);
  await expectSheet(saved, trip);
  await expect(saved.getByText(/^Saved \w+day \d{1,2} \w+, \d\d:\d\d/)).toBeVisible();
  await expect(saved.getByText("shown without connection")).toBeHidden();
  expect(asked).toEqual([`file://${file}`]);
  await saved.screenshot({ path: path.join(SHOTS, "sheet-file-390.png"), fullPage: true });
  await offline.close();
  await context.close();
});

test("the planner installs: a manifest with its icons, and nothing Chromium finds in the way", async ({
  browser,
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "Chromium's install check runs on the page as a member sees it");
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  const body = (await manifest.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(body).toMatchObject({
    short_name: "SGW25",
    start_url: "/",
    display: "standalone",
    theme_color: "#14213d",
  });
  expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of body.icons) {
    const answer = await request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()["content-type"], icon.src).toBe("image/png");
  }
  // Every page links it, a visitor's too.
  for (const at of ["/", "/about", "/auth"]) {
    const html = await (await request.get(at)).text();
    expect(html, at).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
  }

  // Chromium never installs from an incognito profile, which every new context is: a real profile here.
  const trip = await tripWithRide(browser, request);
  const profile = test.info().outputPath("profile");
  const context = await chromium.launchPersistentContext(profile, {
    ...test.info().project.use.launchOptions,
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
  });
  const page = await memberIn(context, trip.rider.email);
  await page.goto("/trip");
  await expect(page.getByText("Add to Home Screen")).toBeVisible();
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);
  await context.close();
});
