import { expect, test, type Page } from "@playwright/test";
import { organiserPage } from "./season-support";
import { mailQuery, signedIn } from "./support";

// These tests change app-wide state (the deadline, the reminder round, house marks). The
// playwright config runs this file on an app of its own per project (STATE_SPECS), so no other spec
// ever sees a closed survey; each test restores state.
test.describe.configure({ mode: "serial" });

type Mail = { to: string | string[]; subject: string; text: string; html: string };
const REMINDER_SUBJECT = "Reminder: the SGW25 survey closes soon";

async function setDeadline(page: Page, date: string, time: string) {
  await page.getByLabel("Date", { exact: true }).fill(date);
  await page.getByLabel(/^Time/).fill(time);
  await page.getByRole("button", { name: "Set deadline" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deadline set:" })).toBeVisible();
}

async function clearDeadline(page: Page) {
  await page.goto("/organiser/people");
  const clear = page.getByRole("button", { name: "Clear the deadline" });
  if (await clear.isVisible()) {
    await clear.click();
    await expect(page.getByText("No deadline is set: the survey stays open.")).toBeVisible();
  }
}

async function reminderMails(): Promise<Mail[]> {
  const mails = (await (await fetch(mailQuery())).json()) as Mail[];
  return mails.filter((mail) => mail.subject === REMINDER_SUBJECT);
}

test.afterAll(async ({ browser }) => {
  const page = await organiserPage(browser, true, "/organiser/people");
  await clearDeadline(page);
  await page.context().close();
});

test("closing the survey: a past deadline is refused, Close now closes it, posts are refused, every section reads", async ({
  browser,
  page,
  javaScriptEnabled,
  request,
}) => {
  const organiser = await organiserPage(browser, javaScriptEnabled, "/organiser/people");
  await signedIn(page, "jordan@example.com", "/survey/1");
  await expect(page.locator("#name")).toHaveValue("Jordan");

  // A deadline in the past is refused with a word; closing at once has its own button.
  await organiser.getByLabel("Date", { exact: true }).fill("2020-01-01");
  await organiser.getByLabel(/^Time/).fill("12:00");
  await organiser.getByRole("button", { name: "Set deadline" }).click();
  await expect(
    organiser.getByRole("alert").filter({
      hasText: "That time has already passed. To close the survey at once, use “Close the survey now”.",
    }),
  ).toBeVisible();
  // What was typed stays in the boxes beside the message.
  await expect(organiser.getByLabel("Date", { exact: true })).toHaveValue("2020-01-01");
  await expect(organiser.getByLabel(/^Time/)).toHaveValue("12:00");
  await expect(organiser.getByText("No deadline is set: the survey stays open.")).toBeVisible();
  await organiser.getByRole("button", { name: "Close the survey now" }).click();
  const status = organiser.getByRole("status").filter({ hasText: /^The survey closed on / });
  await expect(status).toBeVisible();
  const message = (await status.textContent())!.trim();
  expect(message).toMatch(/^The survey closed on \w+day, .+ at \d+:\d\d [AP]M E[SD]T\.$/);

  // The member's page was loaded before the deadline passed: its post must be refused.
  await page.locator("#name").fill("Jordan Changed");
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.request().method() === "POST"),
    page.getByRole("button", { name: "Next" }).click(),
  ]);
  expect(response.status()).toBe(403);
  await expect(page.getByRole("alert").filter({ hasText: message }).first()).toBeVisible();

  await page.goto("/survey/1");
  await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
  await expect(page.locator("#name")).toHaveValue("Jordan");
  await expect(page.locator("#name")).toBeDisabled();
  // Every section can still be read: Next and Back follow the saved answers, read-only.
  await expect(page.getByText("Every section you save updates it straight away")).toHaveCount(0);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/survey\/2$/);
  await expect(page.getByRole("heading", { name: "Details" })).toBeVisible();
  await expect(page.getByLabel("Your size", { exact: true })).toBeDisabled();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/survey\/4$/);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/survey\/2$/);
  await page.goto("/survey/6");
  await expect(page.getByRole("heading", { name: "Review" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Survey" })).toHaveCount(0);
  // A closed review promises no later change and offers no Edit link.
  await expect(page.getByText("You can come back and change them later")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByText("Every section you save updates it straight away")).toHaveCount(0);

  const apiLogin = await request.post("/api/login", {
    data: { email: "jordan@example.com", password: "sgw25-demo" },
  });
  const { token } = await apiLogin.json();
  const refused = await request.post("/api/survey", {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: "Jordan API", attending: "yes" },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: message });
  const stored = await request.get("/api/survey", { headers: { Authorization: `Bearer ${token}` } });
  expect(await stored.json()).toMatchObject({ name: "Jordan", attending: "maybe" });

  await clearDeadline(organiser);
  await page.goto("/survey/1");
  await expect(page.locator("#name")).toBeEnabled();
  await organiser.context().close();
});

test("a reminder goes to exactly the members without a survey, at most once per 24 hours", async ({
  browser,
  javaScriptEnabled,
}) => {
  const page = await organiserPage(browser, javaScriptEnabled, "/organiser/people");
  await setDeadline(page, "2099-07-01", "18:00");
  const deadlineText = "Wednesday, July 1, 2099 at 6:00 PM EDT";
  const survey = await page.context().newPage();
  for (const path of ["/sgw25", "/survey/1"]) {
    await survey.goto(path);
    await expect(survey.getByText(`The survey closes on ${deadlineText}.`)).toBeVisible();
  }
  await survey.close();
  await expect(page.getByText(`The survey closes on ${deadlineText}.`)).toBeVisible();

  const listed = (
    await page
      .getByRole("region", { name: "Reminder e-mail" })
      .getByRole("list", { name: /It goes to/ })
      .getByRole("listitem")
      .allTextContents()
  )
    .map((item) => /<([^>]+)>/.exec(item)?.[1] ?? item.split(" ")[0])
    .sort();
  expect(listed).toContain("organiser@example.com");
  for (const member of ["alex", "sam", "jordan", "riley", "casey"]) {
    expect(listed).not.toContain(`${member}@example.com`);
  }
  const before = await reminderMails();

  await page.getByRole("link", { name: /^Send the reminder to/ }).click();
  const step = page.getByRole("region", { name: "Send the reminder?" });
  await expect(step).toContainText(deadlineText);
  expect(await reminderMails(), "nothing goes out before the step's button").toHaveLength(before.length);
  await step.getByRole("button", { name: /^Send the reminder to/ }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Reminder sent to ${listed.length}` }),
  ).toBeVisible();
  const sent = (await reminderMails()).slice(before.length);
  expect(sent.map((mail) => [mail.to].flat()[0]).sort()).toEqual(listed);
  for (const mail of sent) {
    expect(mail.text).toContain(deadlineText);
    const origin = new URL(page.url()).origin;
    expect(
      // A member's personal link (decision 018), or the register form for an invited address.
      [`${origin}/continue/`, `${origin}/auth?mode=register`].some((link) => mail.text.includes(link)),
    ).toBe(true);
  }

  // The reminded member opens their personal link on another device (a context of its own, no
  // cookies): one "Continue as …" button, one press, and they are on their own survey, signed in.
  const origin = new URL(page.url()).origin;
  const ORGANISER = "organiser@example.com";
  const mine = sent.find((mail) => [mail.to].flat()[0] === ORGANISER);
  const link = new RegExp(`${origin}/continue/[A-Za-z0-9_-]+`).exec(mine?.text ?? "")?.[0];
  expect(link, "the organiser's reminder carries a personal link").toBeTruthy();
  const phone = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
  const member = await phone.newPage();
  await member.goto(link!);
  await expect(member.getByText("You are logged in as")).toHaveCount(0);
  const buttons = member.getByRole("main").getByRole("button");
  await expect(buttons).toHaveCount(1);
  await expect(buttons).toHaveText(/^Continue as /);
  await buttons.click();
  await expect(member).toHaveURL(/\/survey\/\d+$/);
  await expect(member.getByText(`You are logged in as ${ORGANISER}`)).toBeVisible();
  await expect(member.getByText(/^Step 1 of (up to )?\d+$/)).toBeVisible();
  await phone.close();

  // Sent once, the next round waits 24 hours.
  await page.goto("/organiser/people");
  await expect(page.getByText(/^The next reminder is possible from /)).toBeVisible();
  await expect(page.getByRole("link", { name: /^Send the reminder to/ })).toHaveCount(0);
  expect(await reminderMails()).toHaveLength(before.length + listed.length);

  // A hand-made post is refused too and sends nothing.
  const refused = await page.request.post("/organiser/people", {
    form: { intent: "send-reminder" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(409);
  expect(await reminderMails()).toHaveLength(before.length + listed.length);

  await clearDeadline(page);
  await page.context().close();
});

test("a house marked previous appears on /past-events; a chosen house is the calendar's location", async ({
  browser,
  javaScriptEnabled,
  page,
}) => {
  const organiser = await organiserPage(browser, javaScriptEnabled, "/organiser/houses");
  const row = organiser.getByRole("row", { name: /^Cabin by the Falls/ });
  await row.getByLabel("Year").fill("2019");
  await row.getByRole("button", { name: "Mark as previous house" }).click();
  await expect(
    organiser.getByRole("status").filter({ hasText: "Cabin by the Falls is updated." }),
  ).toBeVisible();

  await page.goto("/past-events");
  await expect(page.getByText("Photos and stories from earlier get-togethers")).toBeVisible();
  const list = page.getByRole("region", { name: "Previous SGW Houses" });
  await expect(list.getByText("Cabin by the Falls — Muskoka, ON, Canada")).toBeVisible();
  const years = (await list.getByRole("heading", { level: 3 }).allTextContents()).map(Number);
  expect(years).toContain(2019);
  expect(years).toEqual([...years].sort((a, b) => b - a));

  await organiser
    .getByRole("row", { name: /^Lakeside Lodge/ })
    .getByRole("button", { name: /Choose for SGW25/ })
    .click();
  await expect(
    organiser.getByRole("status").filter({ hasText: "Lakeside Lodge is the chosen house." }),
  ).toBeVisible();
  const ics = await (await page.request.get("/sgw25.ics")).text();
  expect(ics).toContain("LOCATION:Lakeside Lodge\\, Lake Placid\\, NY\\, USA\r\n");

  // The chosen house stays in play while /sgw25 and the calendar name it.
  await organiser
    .getByRole("row", { name: /^Lakeside Lodge/ })
    .getByRole("button", { name: "Take out of play" })
    .click();
  await expect(
    organiser.getByRole("alert").filter({
      hasText:
        "Lakeside Lodge is the chosen house for SGW25: unchoose it on the organiser page before taking it out of play.",
    }),
  ).toBeVisible();
  await expect(organiser.getByRole("row", { name: /^Lakeside Lodge/ })).toContainText("In play");
  await page.goto("/sgw25");
  await expect(page.getByText(/Lakeside Lodge, Lake Placid/)).toBeVisible();

  // A previous house out of play is not an old house (in play and previous).
  await organiser.goto("/organiser/houses");
  await organiser
    .getByRole("row", { name: /^Cabin by the Falls/ })
    .getByRole("button", { name: "Take out of play" })
    .click();
  await expect(
    organiser.getByRole("status").filter({ hasText: "Cabin by the Falls is updated." }),
  ).toBeVisible();
  await page.goto("/past-events");
  await expect(page.getByText("Cabin by the Falls — Muskoka, ON, Canada")).toHaveCount(0);
  await organiser
    .getByRole("row", { name: /^Cabin by the Falls/ })
    .getByRole("button", { name: "Back into play" })
    .click();
  // The status reads as it did after "Take out of play": the row's own button says the post landed.
  await expect(
    organiser
      .getByRole("row", { name: /^Cabin by the Falls/ })
      .getByRole("button", { name: "Take out of play" }),
  ).toBeVisible();
  await expect(
    organiser.getByRole("status").filter({ hasText: "Cabin by the Falls is updated." }),
  ).toBeVisible();
  await page.goto("/past-events");
  await expect(page.getByText("Cabin by the Falls — Muskoka, ON, Canada")).toBeVisible();

  // Put everything back for the next project.
  await organiser
    .getByRole("row", { name: /^Lakeside Lodge/ })
    .getByRole("button", { name: /Unchoose/ })
    .click();
  await expect(organiser.getByRole("status").filter({ hasText: "No house is chosen." })).toBeVisible();
  await organiser
    .getByRole("row", { name: /^Cabin by the Falls/ })
    .getByRole("button", { name: "Unmark previous house" })
    .click();
  await expect(
    organiser.getByRole("status").filter({ hasText: "Cabin by the Falls is updated." }),
  ).toBeVisible();
  await page.goto("/past-events");
  await expect(page.getByText("Cabin by the Falls — Muskoka, ON, Canada")).toHaveCount(0);
  expect((await page.request.get("/sgw25.ics").then((answer) => answer.text())).includes("LOCATION")).toBe(
    false,
  );
  await organiser.context().close();
});
