import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import {
  DEMO_PASSWORD,
  login,
  NEW_PASSWORD,
  signedIn,
  uniqueEmail,
  uniqueListing,
  watchConsole,
} from "./support";
import { organiserPage } from "./season-support";

/**
 * Rough edges a season walk found (issue 32), each walked the way it was found. The houses, the
 * nav frame and the confirmation pages; the edition's own wording, the chosen house and the
 * archive are walked in editions.spec.ts (they need a roll-over).
 */

async function newMember(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  const response = await page.request.post("/api/register", {
    data: { email, password: NEW_PASSWORD, name: "Edge Walker" },
  });
  expect(response.status()).toBe(201);
  return { email, id: ((await response.json()) as { user: { id: number } }).user.id };
}

async function logInHere(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText(`You are logged in as ${email}`)).toBeVisible();
}

async function suggest(page: Page, title: string) {
  await page.goto("/houses-suggest");
  await page.getByLabel("Listing URL").fill(uniqueListing());
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Image URL").fill("https://127.0.0.1:9/edge.jpg");
  await page.getByLabel("City").fill("Mérida");
  await page.getByLabel("Country", { exact: true }).selectOption("Mexico");
  await page.getByLabel("State / Province").selectOption("YUC");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "House submitted successfully!" })).toBeVisible();
}

// Edges 3 and 18: a link to a card, and the return to it after a vote that needed a login, land on
// the card (with JavaScript the app renders /houses itself); no error reaches the console.
test("a link to a house card, and the login after a lost vote, land on the card", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const console = watchConsole(page, [
    // The vote sent after the session ended is refused: the browser logs the refused request.
    /status of 401 \(Unauthorized\)/,
  ]);
  const { email } = await newMember(page, "edges-card");
  await login(page, email, NEW_PASSWORD, "/houses-suggest");
  // A house of its own, far down "In the running" (Mexico's come after every house in the USA).
  const title = `Edge Lodge ${randomBytes(4).toString("hex")}`;
  await suggest(page, title);
  const card = page.getByRole("article", { name: title, exact: true });
  await page.getByRole("link", { name: "See it on the houses page" }).click();
  await expect(page).toHaveURL(/\/houses#house-\d+$/);
  await expect(card).toBeInViewport();

  // The session ends, the member votes: the login that follows comes back to the card.
  await page.goto("/about");
  await context.clearCookies();
  await page.goto("/houses");
  await expect(page).toHaveURL(/\/auth\?/);
  await logInHere(page, email);
  await expect(page).toHaveURL(/\/houses$/);
  if (javaScriptEnabled) await expect(card.locator('input[name="via"]:enabled')).toHaveCount(1);
  await context.clearCookies();
  await card.getByRole("button", { name: "Love" }).click();
  if (javaScriptEnabled) await card.getByRole("link", { name: "Log in to vote again" }).click();
  await expect(page).toHaveURL(/\/auth\?/);
  await logInHere(page, email);
  await expect(page).toHaveURL(/\/houses\?.*#house-\d+$/);
  await expect(card.getByRole("alert")).toContainText("Your Love vote was not recorded");
  await expect(card).toBeInViewport();
  console.check();
});

// Edge 4: a failed navigation knows nothing about the session; it must not claim a logout. A login
// whose next page fails still counts, with the spec's warning.
test("a failed navigation keeps a neutral frame, and a login whose next page fails says so", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  test.skip(
    !javaScriptEnabled,
    "a navigation made by the app's script; without it the browser's own page shows",
  );
  const console = watchConsole(page, [
    /Failed to load resource/,
    /Failed to fetch/,
    /Unable to decode turbo-stream/,
    /status of 50\d/,
    // The router's own report of the failed loads (the 500's empty body is not its format).
    /^SyntaxError/,
    /^TypeError: Failed to fetch/,
  ]);
  const { email } = await newMember(page, "edges-fail");
  const nav = page.getByRole("navigation", { name: "Main" });
  const expectNoFalseLogout = async () => {
    await expect(nav.getByRole("link", { name: "Login" })).toHaveCount(0);
    await expect(page.getByText("You are not logged in.")).toHaveCount(0);
  };

  // The login's next page does not load (a proxy's 502): the member is logged in all the same.
  await page.goto("/auth?redirect=%2Fhouses-suggest");
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.route(
    (url) => url.pathname === "/houses-suggest.data",
    (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" }),
    { times: 1 },
  );
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Failed to load all user data" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("You are logged in");
  await expectNoFalseLogout();
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "Suggest a house" })).toBeVisible();
  await expect(page.getByText(`You are logged in as ${email}`)).toBeVisible();

  // Later (the login's moment has passed), the network drops on a click: not a logout either.
  await context.clearCookies({ name: "sgw_just_logged_in" });
  for (const fail of ["network", "500"] as const) {
    await page.goto("/survey/1");
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      (route) => (fail === "network" ? route.abort() : route.fulfill({ status: 500, body: "" })),
      { times: 1 },
    );
    await page.getByRole("navigation", { name: "Survey" }).getByRole("link", { name: "Results" }).click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expectNoFalseLogout();
    await expect(nav.getByRole("button", { name: "Logout" })).toHaveCount(0);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByText(`You are logged in as ${email}`)).toBeVisible();
  }
  console.check();
});

// A request the router stops itself (a newer navigation takes over) must not surface as an uncaught
// error (entry.client.tsx quiets Remix's unobserved AbortError); any other uncaught rejection still does.
test("an aborted request is not an uncaught error, any other rejection still is", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the app's script");
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
  await page.goto("/auth");
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.evaluate(() => {
    const controller = new AbortController();
    controller.abort();
    void Promise.reject(controller.signal.reason);
    void Promise.reject(new RangeError("a real one"));
  });
  await expect.poll(() => errors).toEqual(["RangeError: a real one"]);
});

/**
 * Holds the app's scripts: the page shows and takes typing while React has not taken over, as on a
 * slow phone. The function it returns lets them through and waits until React holds `form`.
 */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return async (form: string) => {
    release();
    await page.waitForFunction((selector) => {
      const element = document.querySelector(selector);
      return Boolean(element && Object.keys(element).some((key) => key.startsWith("__reactFiber")));
    }, form);
  };
}

// A season walk on a busy machine found it (season-state.spec.ts, CI): the edit form's image URL,
// typed before the scripts arrived, went back to the stored one at the next change, and the save was
// refused. A form whose fields React holds reads them as typed when it takes over, and a refusal's
// message focused by the browser is not focused again then (the member may be typing elsewhere).
test("what was typed before the scripts arrived stays, and the typing keeps its place, once they run", async ({
  browser,
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the app's scripts");
  // A house's edit, sent before the scripts arrived and refused: the answer is a new page whose
  // message the browser focuses. The member types on in the title and corrects the image URL; the
  // scripts arrive; the typing goes on in the title, and the price typed after keeps the rest.
  const organiser = await organiserPage(browser, true, "/organiser/houses");
  const edit = await organiser
    .getByRole("link", { name: /^Edit / })
    .first()
    .getAttribute("href");
  const hydrateEdit = await holdScripts(organiser);
  await organiser.goto(edit ?? "", { waitUntil: "commit" });
  const title = organiser.getByLabel("Title", { exact: true });
  const stored = await title.inputValue();
  await organiser.getByLabel("Image URL", { exact: true }).fill("https://127.0.0.1:9/typed-early.gif");
  await organiser.getByRole("button", { name: "Save the house" }).click();
  await expect(organiser.getByRole("alert").filter({ hasText: "Nothing was saved" })).toBeFocused();
  await organiser.getByLabel("Image URL", { exact: true }).fill("https://127.0.0.1:9/typed-early.jpg");
  await title.click();
  await organiser.keyboard.press("End");
  await organiser.keyboard.type(" Two");
  await hydrateEdit("#house-edit-form");
  await organiser.keyboard.type(" More");
  await expect(title).toBeFocused();
  await expect(title).toHaveValue(`${stored} Two More`);
  await organiser.getByLabel(/^Price for the whole stay/).fill("1234");
  await expect(organiser.getByLabel("Image URL", { exact: true })).toHaveValue(
    "https://127.0.0.1:9/typed-early.jpg",
  );
  await expect(title).toHaveValue(`${stored} Two More`);
  await expect(organiser.getByLabel(/^Price for the whole stay/)).toHaveValue("1234");
  await organiser.context().close();

  // Suggesting a house: the title typed early, the city after.
  const { email } = await newMember(page, "early");
  await login(page, email, NEW_PASSWORD);
  const hydrateSuggest = await holdScripts(page);
  await page.goto("/houses-suggest", { waitUntil: "commit" });
  await page.getByLabel("Title").fill("Typed Early Lodge");
  await hydrateSuggest("#suggest-form");
  await page.getByLabel("City").fill("Ouray");
  await expect(page.getByLabel("Title")).toHaveValue("Typed Early Lodge");

  // The survey: a guest ticked and their size chosen early keep the size once the scripts run.
  await page.unrouteAll();
  const hydrateSurvey = await holdScripts(page);
  await page.goto("/survey/2", { waitUntil: "commit" });
  await page
    .getByRole("group", { name: "Bringing anyone along?" })
    .getByRole("checkbox", { name: "My child" })
    .check();
  await page.getByLabel("Your child's size").selectOption({ index: 2 });
  const size = await page.getByLabel("Your child's size").inputValue();
  await hydrateSurvey("form.survey-form");
  await expect(page.getByText("(only if bringing)")).toHaveCount(0);
  await expect(page.getByLabel("Your child's size")).toHaveValue(size);
  await expect(page.getByLabel("Your boo's size")).toBeHidden();
});

// Edge 11: an organiser's own account cannot be deleted, so nothing offers a button that could only
// refuse: /account says why in place of the way to delete, and /account/delete leads back.
test("an organiser is not offered a deletion that would only be refused", async ({ page }) => {
  const console = watchConsole(page, [/status of 400 \(Bad Request\)/]);
  await signedIn(page, "organiser@example.com", "/account");
  const panel = page.getByRole("region", { name: "Delete your account" });
  await expect(panel).toContainText(
    "You are an organiser: your account cannot be deleted while you are one.",
  );
  await expect(panel.getByRole("link", { name: "Delete my account" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete my account" })).toHaveCount(0);

  await page.goto("/account/delete");
  await expect(page.getByRole("heading", { level: 1, name: "Your account stays" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("cannot be deleted while you are one");
  await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
  // A post that comes anyway is refused and deletes nothing.
  const origin = new URL(page.url()).origin;
  const refused = await page.request.post("/account/delete", { form: {}, headers: { Origin: origin } });
  expect(refused.status()).toBe(400);
  await page.getByRole("link", { name: "Back to your account" }).click();
  await expect(page.getByText("You are logged in as organiser@example.com")).toBeVisible();
  // The organiser pages' own step for this account says the same: why, and the way back.
  const me = await page.request.post("/api/login", {
    data: { email: "organiser@example.com", password: DEMO_PASSWORD },
  });
  const id = ((await me.json()) as { user: { id: number } }).user.id;
  await page.goto(`/organiser/members/${id}/delete`);
  await expect(page.getByRole("alert")).toHaveText(
    "This is your own account: an organiser cannot delete it here.",
  );
  await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
  await page.getByRole("link", { name: "Back to People" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  console.check();
});

// Edge 12: without JS the state list follows the chosen country by CSS, and a pair that does not
// match is said once.
test("the state list follows the country without JS, and a mismatch is said once", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "with JS the list holds the chosen country's states only (houses.spec.ts)");
  // The refusal's page answers 400, which the browser logs.
  const console = watchConsole(page, [/status of 400 \(Bad Request\)/]);
  const { email } = await newMember(page, "edges-state");
  await login(page, email, NEW_PASSWORD, "/houses-suggest");
  const shown = () =>
    page
      .locator("#state optgroup")
      .evaluateAll((groups) =>
        groups
          .filter((group) => getComputedStyle(group).display !== "none")
          .map((group) => group.getAttribute("label")),
      );
  expect(await shown()).toEqual(["USA"]);
  await page.getByLabel("Country", { exact: true }).selectOption("Canada");
  expect(await shown()).toEqual(["Canada"]);
  await page.getByLabel("Country", { exact: true }).selectOption("USA");
  await page.getByLabel("Listing URL").fill(uniqueListing());
  await page.getByLabel("Title").fill(`Mismatch Lodge ${randomBytes(4).toString("hex")}`);
  await page.getByLabel("Image URL").fill("https://127.0.0.1:9/edge.jpg");
  await page.getByLabel("City").fill("Toronto");
  // A province left from Canada (the list keeps it when the country changes back).
  await page.getByLabel("State / Province").selectOption("ON");
  const mismatch = page.getByText(/That state or province is not in USA/);
  await expect(mismatch).toHaveCount(1);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.locator(".field-error").filter({ hasText: "not in USA" })).toBeVisible();
  await expect(mismatch.filter({ visible: true })).toHaveCount(1);
  console.check();
});

// Edge 19: the frame and a confirmation page on a 390 px phone.
test("on a phone: Logout shares the nav's row, the picture sits evenly, a confirmation reads well", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "layout at a width: the same with JavaScript on");
  await page.setViewportSize({ width: 390, height: 800 });
  const console = watchConsole(page);
  // A usual address (the seeded Jordan's): long ones wrap, as they must, but this one fits a line.
  const jordan = await page.request.post("/api/login", {
    data: { email: "jordan@example.com", password: DEMO_PASSWORD },
  });
  const member = {
    email: "jordan@example.com",
    id: ((await jordan.json()) as { user: { id: number } }).user.id,
  };
  await signedIn(page, "organiser@example.com");
  await page.goto("/");
  const items = page.getByRole("navigation", { name: "Main" }).getByRole("listitem");
  const tops = await items.evaluateAll((lis) => lis.map((li) => Math.round(li.getBoundingClientRect().top)));
  const logoutTop = tops[tops.length - 1];
  expect(tops.filter((top) => top === logoutTop).length, `rows: ${tops.join(", ")}`).toBeGreaterThan(1);

  const margins = await page.locator(".art svg:visible").evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    return [box.left, document.documentElement.clientWidth - box.right].map(Math.round);
  });
  expect(Math.abs(margins[0] - margins[1]), `left, right: ${margins.join(", ")}`).toBeLessThanOrEqual(1);
  const surveyColour = await page
    .getByRole("link", { name: "Take the survey" })
    .evaluate((link) => getComputedStyle(link).backgroundColor);

  await page.goto(`/organiser/members/${member.id}/delete`);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toContainText(member.email);
  // The address sits on one line: no break inside it.
  const lines = await heading.evaluate((h1, address) => {
    const range = document.createRange();
    const text = [...h1.childNodes].find((node) => node.textContent?.includes(address))!;
    const start = text.textContent!.indexOf(address);
    range.setStart(text, start);
    range.setEnd(text, start + address.length);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  }, member.email);
  expect(lines).toBe(1);
  const danger = await page
    .getByRole("button", { name: "Delete the account" })
    .evaluate((button) => getComputedStyle(button).backgroundColor);
  expect(danger).not.toBe(surveyColour);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  console.check();
});
