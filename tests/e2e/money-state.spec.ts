import { expect, test, type Browser, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { expectStatus, sentMails } from "./season-support";
import { seriousViolations } from "./axe";
import { DEMO_PASSWORD, signedIn } from "./support";

// Chooses a house and gives it a price (app-wide state): the config runs this file in the *-state
// projects, each on an app of its own; the last test puts the house back as it was.
test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

const ORGANISER = "organiser@example.com";
/** An 8 x 8 JPEG, as a camera would send it (any photo does; the server re-encodes it). */
const TILL_SLIP = Buffer.from(
  "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKTAB//Z",
  "base64",
);
const HOUSE = "Casa del Mar";

async function member(browser: Browser, email: string, javaScriptEnabled: boolean, path = "/money") {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    // A refused form (400) is part of the walk: its message is checked on the page.
    if (message.type() === "error" && !message.text().includes("status of 400")) errors.push(message.text());
  });
  await signedIn(page, email, path);
  await expect(page.getByRole("heading", { name: /^Money/, level: 1 })).toBeVisible({ timeout: 30_000 });
  return { page, errors };
}

async function token(page: Page) {
  const response = await page.request.post("/api/login", {
    data: { email: ORGANISER, password: DEMO_PASSWORD },
  });
  return ((await response.json()) as { token: string }).token;
}

async function houseId(page: Page, bearer: string) {
  const houses = (await (
    await page.request.get("/api/houses", { headers: { Authorization: `Bearer ${bearer}` } })
  ).json()) as Array<{ id: number; title: string }>;
  return houses.find((house) => house.title === HOUSE)!.id;
}

async function routerIdle(page: Page) {
  await page.waitForFunction(() => {
    const router = (
      window as { __remixRouter?: { state: { initialized: boolean; navigation: { state: string } } } }
    ).__remixRouter;
    return Boolean(router?.state.initialized && router.state.navigation.state === "idle");
  });
  await page.waitForLoadState("networkidle");
}

async function noSidewaysScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(width);
}

test("the organiser sets up the share and the deposit", async ({ browser, javaScriptEnabled }) => {
  const { page, errors } = await member(browser, ORGANISER, javaScriptEnabled, "/money");
  await expect(page.getByText("No house is chosen yet")).toBeVisible();
  const bearer = await token(page);
  const id = await houseId(page, bearer);
  const price = await page.request.patch(`/api/houses/${id}`, {
    headers: { Authorization: `Bearer ${bearer}` },
    data: { price: 1200, currency: "USD" },
  });
  expect(price.status()).toBe(200);
  const origin = new URL(page.url()).origin;
  const chosen = await page.request.post("/organiser/decide", {
    form: { intent: "choose", houseId: String(id) },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(chosen.status()).toBe(302);
  // The weekend too: the season is decided (decision 024), so the payment reminder may go.
  const weekend = await page.request.post("/organiser/decide", {
    form: { intent: "choose-weekend", weekend: "Aug 21 - Aug 25" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(weekend.status()).toBe(302);

  await page.getByRole("link", { name: "Set up the share, deposit and payers" }).click();
  await page.getByLabel("Who receives the money").selectOption({ label: "Alex" });
  await page.getByLabel("A percentage of each share").check();
  await page.getByLabel("Deposit amount or percentage").fill("25%");
  await page.getByRole("button", { name: "Save the money settings" }).click();
  // A refusal keeps what was typed and says how to write it.
  await expect(page.getByText("A percentage is a whole number from 1 to 100")).toBeVisible();
  await expect(page.getByLabel("Deposit amount or percentage")).toHaveValue("25%");
  await page.getByLabel("Deposit amount or percentage").fill("25");
  await page.getByLabel("Deposit due by").fill("2099-06-01");
  await page.getByLabel("The rest due by").fill("2099-08-01");
  await page.getByLabel(/^Payment instructions/).fill("Venmo @alex-sgw or https://pay.example/alex");
  await page.getByRole("button", { name: "Save the money settings" }).click();
  await expectStatus(page, "The money settings are saved.");

  // Only payers are lines; anyone else is added from one list, weighed, and taken out again.
  const payers = page.getByRole("list", { name: "Payers and their weights" });
  await expect(payers.getByRole("listitem", { name: "Casey", exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Add as a payer" }).click();
  await expect(page.getByText("Choose a member.")).toBeVisible();
  await page.getByLabel("Add a payer").selectOption({ label: "Casey (answered no)" });
  await page.getByRole("button", { name: "Add as a payer" }).click();
  await expectStatus(page, "Casey pays for the house.");
  const casey = payers.getByRole("listitem", { name: "Casey", exact: true });
  await casey.getByLabel(/^Weight/).fill("half");
  await casey.getByRole("button", { name: "Set weight" }).click();
  await expect(casey.getByLabel(/^Weight/)).toHaveValue("half");
  // The refusal is said once, beside the field; the form's line says nothing was saved.
  await expect(casey.getByText("Nothing was saved: check what is marked below.")).toBeVisible();
  await expect(casey.getByText("A weight is a number from 0 to 10, e.g. 1 or 0.5")).toHaveCount(1);
  await casey.getByLabel(/^Weight/).fill("0.5");
  await casey.getByRole("button", { name: "Set weight" }).click();
  await expectStatus(page, "Casey’s weight is 0.5.");
  await casey.getByRole("button", { name: "Remove Casey" }).click();
  await expectStatus(page, "Casey no longer pays for the house.");
  await expect(casey).toHaveCount(0);
  await noSidewaysScroll(page);

  await page.getByRole("link", { name: "Back to the money page" }).click();
  await expect(page.getByText(`${HOUSE}: $1,200.00 for the stay`)).toBeVisible();
  const lines = page.getByRole("list", { name: "Every payer's line" });
  await expect(lines.getByRole("listitem", { name: "Alex", exact: true })).toContainText("deposit");
  await expect(page.getByRole("link", { name: "https://pay.example/alex" })).toHaveAttribute(
    "href",
    "https://pay.example/alex",
  );
  await noSidewaysScroll(page);
  expect(errors).toEqual([]);
  await page.context().close();
});

test("a member reports a payment and the receiver confirms it", async ({ browser, javaScriptEnabled }) => {
  const sam = await member(browser, "sam@example.com", javaScriptEnabled);
  const own = sam.page.getByRole("list", { name: "Your line" }).getByRole("listitem");
  await expect(own).toHaveCount(1);
  await expect(own).toHaveAccessibleName("Sam");
  await expect(sam.page.getByText("Venmo @alex-sgw")).toBeVisible();
  await sam.page.getByLabel("Amount (USD)").fill("1,00");
  await sam.page.getByRole("button", { name: "Report my payment" }).click();
  await expect(sam.page.getByText("Write the amount as digits with at most 2 decimals")).toBeVisible();
  await sam.page.getByLabel("Amount (USD)").fill("$100");
  await sam.page.getByLabel("Note (optional)").fill("Venmo");
  await sam.page.getByRole("button", { name: "Report my payment" }).click();
  await expectStatus(sam.page, "Reported: you paid $100.00.");
  await expect(sam.page.getByText(/Sam paid Alex \$100\.00 — Venmo \(reported\)/).first()).toBeVisible();
  // Settle-up counts what waits: it asks Sam for the rest of what he owes Alex, and says so.
  await expect(
    sam.page.locator('[data-settle="USD"]').getByRole("listitem").filter({ hasText: "Sam pays Alex" }),
  ).toContainText("less the $100.00 you reported");

  const alex = await member(browser, "alex@example.com", javaScriptEnabled);
  const reported = alex.page
    .getByRole("listitem")
    .filter({ hasText: /Sam paid Alex \$100\.00 — Venmo \(reported\)/ });
  await reported.first().getByRole("button", { name: "Confirm" }).click();
  await expectStatus(alex.page, "Payment confirmed.");
  await expect(alex.page.getByText(/Sam paid Alex \$100\.00 — Venmo \(confirmed\)/).first()).toBeVisible();
  expect([...sam.errors, ...alex.errors]).toEqual([]);
  await sam.page.context().close();
  await alex.page.context().close();
});

test("a member adds an expense split three ways, settle-up lists the transfers, and nothing scrolls sideways", async ({
  browser,
  javaScriptEnabled,
}) => {
  const { page, errors } = await member(browser, "riley@example.com", javaScriptEnabled);
  // Two tabs opened together (each page rendered for its own request) hold different double-submit
  // keys, so an expense added in each is two expenses, never one dropped as a double click.
  const keysOf = async () =>
    [
      ...(await (await page.context().request.get("/money")).text()).matchAll(/name="key" value="([^"]+)"/g),
    ].map((match) => match[1]);
  const [tab1, tab2] = [await keysOf(), await keysOf()];
  expect(tab1.length).toBeGreaterThan(0);
  expect(tab2.filter((key) => tab1.includes(key))).toEqual([]);
  const what = `Groceries${randomBytes(96).toString("hex")}`.slice(0, 200);
  await page.getByText("Add an expense").click();
  await page.getByLabel("What").fill(what);
  await page.getByLabel("Amount", { exact: true }).fill("90");
  await page.getByLabel("Who paid").selectOption({ label: "Riley" });
  for (const box of await page.getByRole("checkbox").all()) await box.uncheck();
  for (const name of ["Alex", "Riley", "Sam"])
    await page.getByRole("checkbox", { name, exact: true }).check();
  await page.getByRole("button", { name: "Add the expense" }).click();
  await expectStatus(page, "Added: ");
  const expense = page.getByRole("listitem").filter({ hasText: what });
  for (const name of ["Alex", "Riley", "Sam"]) await expect(expense).toContainText(`${name} $30.00`);
  await noSidewaysScroll(page);

  // A receipt kept with it (issue 57 item 3), from a file as a phone's gallery gives it: a file that
  // is neither a photo nor a PDF is refused in the form, then a photo is kept and opens.
  await expense.getByRole("link", { name: /^Edit or delete/ }).click();
  await page.waitForURL(/\/money\/expenses\/\d+/);
  // With JavaScript, a file chosen before React has taken the page over may be lost with the DOM it
  // was chosen in: choose it once the router is idle, as a person would a moment later.
  if (javaScriptEnabled) await routerIdle(page);
  const receipt = page.getByLabel("Receipt (optional)");
  await expect(receipt).toHaveAttribute("accept", "image/*,application/pdf");
  await receipt.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a photo"),
  });
  await page.getByRole("button", { name: "Save the expense" }).click();
  await expect(page.getByText(/must be a photo \(JPEG, PNG or WebP\) or a PDF/).first()).toBeVisible();
  await expect(page.getByLabel("What")).toHaveValue(what);
  await page
    .getByLabel("Receipt (optional)")
    .setInputFiles({ name: "till.jpg", mimeType: "image/jpeg", buffer: TILL_SLIP });
  await page.getByRole("button", { name: "Save the expense" }).click();
  await expectStatus(page, "Saved: ");
  const link = expense.getByRole("link", { name: /^Receipt for/ });
  await expect(link).toBeVisible();
  const opened = await page.request.get((await link.getAttribute("href"))!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("image/webp");
  expect(opened.headers()["cache-control"]).toBe("private, no-store");
  const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(/\/money\/receipts\/\d+$/);
  await tab.close();
  await noSidewaysScroll(page);

  const settle = page.locator('[data-settle="USD"]').getByRole("listitem");
  expect(await settle.count()).toBeGreaterThan(0);
  await expect(settle.first()).toContainText(/ pays .+ \$/);
  // By the keyboard: without JavaScript the answer's autofocus may still scroll the page as a
  // pointer click is aimed, and the click lands beside the link (CI saw it once).
  await page.getByRole("link", { name: "The money history" }).press("Enter");
  await page.waitForURL(/\/money\/history/);
  await expect(page.getByText("Expense added").first()).toBeVisible();
  await noSidewaysScroll(page);
  expect(errors).toEqual([]);
  await page.context().close();
});

test("a member says how to pay them, and one who owes them opens the prefilled link and records the payment", async ({
  browser,
  javaScriptEnabled,
}) => {
  const mode = javaScriptEnabled ? "js" : "no-js";
  // Alex, who fronted the house, gives a PayPal.me name on /account ("How to pay me"): a wrong one is
  // refused with what was typed kept, then saved.
  const alex = await member(browser, "alex@example.com", javaScriptEnabled);
  await alex.page.getByRole("link", { name: "How to pay me" }).click();
  await alex.page.waitForURL(/\/account/);
  const panel = alex.page.getByRole("region", { name: "How to pay me" });
  await panel.getByLabel("PayPal.me name").fill("alex.sgw");
  await panel.getByRole("button", { name: "Save how to pay me" }).click();
  await expect(panel.getByText("A PayPal.me name is 1 to 20 letters or digits")).toBeVisible();
  await expect(panel.getByLabel("PayPal.me name")).toHaveValue("alex.sgw");
  await panel.getByLabel("PayPal.me name").fill("paypal.me/AlexSgw25");
  await panel.getByLabel("Anything else (how, when, cash…)").fill("Friends and family, please.");
  await panel.getByRole("button", { name: "Save how to pay me" }).click();
  await expectStatus(alex.page, "Your payment details are saved.");
  await expect(panel.getByLabel("PayPal.me name")).toHaveValue("AlexSgw25");
  await noSidewaysScroll(alex.page);
  await panel.screenshot({ path: `/work/shots/pay-account-390-${mode}.png` });
  // axe runs in the page: with JavaScript on only (the markup is the same without).
  if (javaScriptEnabled) expect(await seriousViolations(alex.page)).toEqual([]);

  // Sam owes Alex: the settle-up line shows Alex's PayPal, prefilled with what it asks, right beside
  // "Record as paid".
  const sam = await member(browser, "sam@example.com", javaScriptEnabled);
  const line = sam.page
    .locator('[data-settle="USD"]')
    .getByRole("listitem")
    .filter({ hasText: "Sam pays Alex" });
  await expect(line).toHaveCount(1);
  const owed = await line.getByLabel("Amount paid (USD)").inputValue();
  const howTo = line.getByRole("group", { name: "How to pay Alex" });
  await expect(howTo).toContainText("Friends and family, please.");
  const paypal = howTo.getByRole("link", { name: "paypal.me/AlexSgw25" });
  await expect(paypal).toHaveAttribute("href", `https://paypal.me/AlexSgw25/${owed}USD`);
  await expect(howTo).toContainText("opens with the amount filled in");
  await noSidewaysScroll(sam.page);
  await line.scrollIntoViewIfNeeded();
  await line.screenshot({ path: `/work/shots/pay-money-settle-390-${mode}.png` });
  // axe runs in the page: with JavaScript on only (the markup is the same without).
  if (javaScriptEnabled) expect(await seriousViolations(sam.page)).toEqual([]);
  await line.getByRole("button", { name: "Record as paid" }).click();
  await expectStatus(sam.page, "Reported: Sam paid Alex ");
  await expect(line).toContainText("it counts once Alex confirms it.");
  expect([...alex.errors, ...sam.errors]).toEqual([]);
  await sam.page.context().close();

  // A visitor's money page is the login page: nothing of Alex's details.
  const visitor = await browser.newContext({ javaScriptEnabled });
  const html = await (await visitor.request.get("/money")).text();
  expect(html).not.toContain("AlexSgw25");
  await visitor.close();
  await alex.page.context().close();
});

test("a member refuses a share someone else entered in one press, and the organiser accepts it back in", async ({
  browser,
  javaScriptEnabled,
}) => {
  // Riley's groceries put $30.00 on Alex: it counts, marked as entered by Riley, and Alex may refuse it.
  const alex = await member(browser, "alex@example.com", javaScriptEnabled);
  const answers = (page: Page) => page.locator('section[aria-labelledby="consent"] li');
  const entered = answers(alex.page).filter({ hasText: "Alex $30.00 (entered by Riley)" }).first();
  await expect(entered).toBeVisible();
  await entered.getByRole("button", { name: "Refuse Alex’s share" }).click();
  await expectStatus(alex.page, "Refused: ");
  expect(alex.errors).toEqual([]);
  await alex.page.context().close();

  const boss = await member(browser, ORGANISER, javaScriptEnabled);
  const refused = answers(boss.page).filter({ hasText: "refused by Alex" }).first();
  await expect(refused).toBeVisible();
  await refused.getByRole("button", { name: "Accept Alex’s share" }).click();
  await expectStatus(boss.page, "Accepted: ");
  await boss.page.getByRole("link", { name: "The money history" }).press("Enter");
  await boss.page.waitForURL(/\/money\/history/);
  await expect(boss.page.getByText("Share refused").first()).toBeVisible();
  await expect(boss.page.getByText("Share accepted").first()).toBeVisible();
  expect(boss.errors).toEqual([]);
  await boss.page.context().close();
});

test("a payer reports a settle-up transfer, more than is owed asks first, and the receiver confirms it", async ({
  browser,
  javaScriptEnabled,
}) => {
  const riley = await member(browser, "riley@example.com", javaScriptEnabled);
  const line = riley.page
    .locator('[data-settle="USD"]')
    .getByRole("listitem")
    .filter({ hasText: "Riley pays Alex" });
  await expect(line).toHaveCount(1);
  const amount = line.getByLabel("Amount paid (USD)");
  const owed = await amount.inputValue();
  // More than Riley owes Alex: refused with the question, the typed amount kept.
  await amount.fill("999,999.99");
  await line.getByRole("button", { name: "Record as paid" }).click();
  await expect(line.getByRole("alert")).toContainText("This is more than Riley owes Alex");
  await expect(line.getByRole("alert")).toContainText("Record anyway?");
  await expect(line.getByLabel("Amount paid (USD)")).toHaveValue("999,999.99");
  await expect(line.getByRole("checkbox", { name: "Yes, record it anyway" })).toBeVisible();
  await line.getByLabel("Amount paid (USD)").fill(owed);
  await line.getByRole("button", { name: "Record as paid" }).click();
  await expectStatus(riley.page, "Reported: Riley paid Alex ");
  // Reported, not counted: settle-up still lists it and says what waits for whom.
  await expect(line).toContainText("it counts once Alex confirms it.");
  const transfers = riley.page.getByRole("region", { name: "Transfers recorded in USD" });
  await expect(transfers.getByText(/Riley paid Alex .+ \(reported\)/)).toBeVisible();
  await expect(transfers.getByRole("button", { name: "Confirm" })).toHaveCount(0);

  const alex = await member(browser, "alex@example.com", javaScriptEnabled);
  const waiting = alex.page
    .getByRole("region", { name: "Transfers recorded in USD" })
    .getByRole("listitem")
    .filter({ hasText: /Riley paid Alex .+ \(reported\)/ });
  await waiting.getByRole("button", { name: "Confirm" }).click();
  await expectStatus(alex.page, "Transfer confirmed.");
  await expect(alex.page.getByText(/Riley paid Alex .+ \(confirmed\)/)).toBeVisible();
  await expect(
    alex.page.locator('[data-settle="USD"]').getByRole("listitem").filter({ hasText: "Riley pays Alex" }),
  ).toHaveCount(0);
  await noSidewaysScroll(alex.page);
  // One truth: settled up in the balances, Riley's own line asks for nothing (decision 027).
  await riley.page.reload();
  const own = riley.page.getByRole("list", { name: "Your line" });
  await expect(own).toContainText("Nothing");
  await expect(own).toContainText("settled up");
  expect([...riley.errors, ...alex.errors]).toEqual([]);
  await riley.page.context().close();
  await alex.page.context().close();
});

test("the organiser fixes a rate for pesos, and settle-up is in one currency with the converted amount beside the expense", async ({
  browser,
  javaScriptEnabled,
}) => {
  const sam = await member(browser, "sam@example.com", javaScriptEnabled);
  const what = `Tacos ${javaScriptEnabled ? "js" : "no-js"}`;
  await sam.page.getByText("Add an expense").click();
  await sam.page.getByLabel("What").fill(what);
  await sam.page.getByLabel("Amount", { exact: true }).fill("300");
  await sam.page.getByLabel("Currency (ISO 4217, e.g. USD, CAD, MXN)").fill("MXN");
  await sam.page.getByLabel("Who paid").selectOption({ label: "Sam" });
  for (const box of await sam.page.getByRole("checkbox").all()) await box.uncheck();
  for (const name of ["Alex", "Riley", "Sam"])
    await sam.page.getByRole("checkbox", { name, exact: true }).check();
  await sam.page.getByRole("button", { name: "Add the expense" }).click();
  await expectStatus(sam.page, "Added: ");
  // Without a rate the pesos settle on their own.
  await expect(sam.page.locator('[data-settle="MXN"]')).toHaveCount(1);

  const boss = await member(browser, ORGANISER, javaScriptEnabled, "/money/setup");
  const rates = boss.page.getByRole("region", { name: "One currency at the end" });
  const rate = rates.getByLabel("1 MXN in USD");
  // A bad rate is refused the shared way, what was typed kept.
  await rate.fill("abc");
  await rates.getByRole("button", { name: "Save the rates" }).click();
  await expect(rates.getByRole("alert").filter({ hasText: "MXN: A rate is a number above 0" })).toBeVisible();
  await expect(rates.getByLabel("1 MXN in USD")).toHaveValue("abc");
  await rates.getByLabel("1 MXN in USD").fill("0.05");
  await rates.getByRole("button", { name: "Save the rates" }).click();
  await expectStatus(boss.page, "Settle-up is in USD at your rates: 1 MXN = 0.05 USD.");

  await sam.page.reload();
  const expense = sam.page.getByRole("listitem").filter({ hasText: what });
  await expect(expense).toContainText("MX$300.00 (≈ $15.00)");
  await expect(sam.page.locator('[data-settle="MXN"]')).toHaveCount(0);
  await expect(sam.page.getByRole("heading", { name: "Balances in MXN" })).toHaveCount(0);
  await expect(sam.page.locator('[data-converted="USD"]')).toContainText("1 MXN = 0.05 USD");
  await expect(sam.page.locator('[data-settle="USD"]').getByRole("listitem").first()).toContainText(
    / pays .+ \$/,
  );
  await noSidewaysScroll(sam.page);

  // Put the money back as the next test expects it: no rate, and the pesos' expense deleted.
  await rates.getByLabel("1 MXN in USD").fill("");
  await rates.getByRole("button", { name: "Save the rates" }).click();
  await expectStatus(boss.page, "No rates: each currency settles on its own.");
  await sam.page.getByRole("link", { name: `Edit or delete “${what}”` }).press("Enter");
  await sam.page.getByRole("button", { name: "Delete this expense" }).click();
  await expectStatus(sam.page, `Deleted: ${what}.`);
  await expect(sam.page.locator('[data-settle="MXN"]')).toHaveCount(0);
  expect([...sam.errors, ...boss.errors]).toEqual([]);
  await sam.page.context().close();
  await boss.page.context().close();
});

test("the payment reminder reaches exactly the payers with something due", async ({
  browser,
  javaScriptEnabled,
}) => {
  const { page, errors } = await member(browser, ORGANISER, javaScriptEnabled, "/money/setup");
  const listed = (
    await page
      .getByRole("list", { name: /It goes to each payer/ })
      .getByRole("listitem")
      .allTextContents()
  )
    .map((item) => /<([^>]+)>/.exec(item)?.[1] ?? "")
    .sort();
  expect(listed).toContain("sam@example.com");
  expect(listed).not.toContain("alex@example.com"); // the receiver fronted the house
  expect(listed).not.toContain("casey@example.com"); // not attending
  // Riley recorded settle-up's transfer and Alex confirmed it: settled up, so not chased (decision 027).
  expect(listed).not.toContain("riley@example.com");
  const payers = `${listed.length} ${listed.length === 1 ? "payer" : "payers"}`;
  const origin = new URL(page.url()).origin;
  // This app's payment reminders (sentMails reads only this app's mails).
  const ours = async () =>
    (await sentMails()).filter((mail) => mail.text.includes("Your line and the instructions: "));
  const before = (await ours()).length;
  // The confirmation step, as every mail round: who gets it (with their amount), what it says.
  await page.getByRole("link", { name: "Send the payment reminder…" }).click();
  await expect(page.getByRole("heading", { name: "Send the payment reminder?" })).toBeVisible();
  await expect(page.getByText(/of your share of Casa del Mar is due by (June|August) 1, 2099/)).toBeVisible();
  expect(
    await sentMails().then(
      (mails) => mails.filter((m) => m.text.includes("Your line and the instructions: ")).length,
    ),
  ).toBe(before);
  await page.getByRole("button", { name: `Send the payment reminder to ${payers}` }).click();
  await expectStatus(page, `Payment reminder sent to ${payers}.`);
  const sent = (await ours()).slice(before);
  expect(sent.map((mail) => [mail.to].flat()[0]).sort()).toEqual(listed);
  const toSam = sent.find((mail) => [mail.to].flat()[0] === "sam@example.com")!;
  expect(toSam.text).toMatch(/\$[\d,.]+ of your share of Casa del Mar is due by (June|August) 1, 2099/);
  // Sam's own personal link (one press signs Sam in on /money).
  expect(toSam.text).toContain(`Your line and the instructions: ${origin}/continue/`);
  // Alex said how to pay them (issue 57): Sam's own mail carries it, PayPal prefilled with Sam's amount.
  expect(toSam.text).toMatch(/PayPal: paypal\.me\/AlexSgw25 https:\/\/paypal\.me\/AlexSgw25\/[\d.]+USD/);
  await expect(page.getByRole("link", { name: "Send the payment reminder…" })).toHaveCount(0);
  await noSidewaysScroll(page);
  expect(errors).toEqual([]);

  // Put the house and the weekend back as they were: no chosen house, no price, no chosen weekend.
  const bearer = await token(page);
  const id = await houseId(page, bearer);
  await page.request.post("/organiser/decide", {
    form: { intent: "clear-weekend" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  await page.request.post("/organiser/decide", {
    form: { intent: "unchoose", houseId: String(id) },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  await page.request.patch(`/api/houses/${id}`, {
    headers: { Authorization: `Bearer ${bearer}` },
    data: { price: null },
  });
  await page.context().close();
});
