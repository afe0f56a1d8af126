import { expect, test, type Browser, type Page } from "@playwright/test";
import { weekendToPlan } from "../../app/features/season/lib/editions";
import { dayIn } from "../../app/features/season/lib/season-state";
import { DEFAULT_EVENT_TIME_ZONE } from "../../app/platform/lib/deadline";
import { JOBS_EVERY_MS } from "./jobs.mjs";
import { sentMails } from "./season-support";
import { signedIn, watchConsole } from "./support";
import { choose, next, question } from "./survey-support";

// Runs on a server of its own (playwright.config.ts): no-js rolls 2025 → 2026, then js 2026 → 2027.
test.describe.configure({ mode: "serial" });
// Three people's visits in one test: the organiser's, a member's whole survey and a visitor's.
test.setTimeout(240_000);

const SHORT_NAME = /^SGW(\d\d)$/;
// The organiser plans a weekend of their own (not the year's default). SGW26's is 26 days after the
// day these tests were written for (2026-11-28): its "in 30 days" trip mail is due as soon as the
// season is decided, and must not go while it is only planned.
const PLANNED: Record<number, { label: string; home: string; event: string }> = {
  2026: { label: "Dec 24 - Dec 28", home: "December 24-28", event: "Thursday Dec 24 to Monday Dec 28" },
  2027: { label: "Dec 23 - Dec 27", home: "December 23-27", event: "Thursday Dec 23 to Monday Dec 27" },
};
// Long enough for the trip mails' job to have looked twice (on this app it looks every JOBS_EVERY_MS):
// a look that began before the start may have read the old edition, the next one reads the new.
const TRIP_JOB_MS = 2 * JOBS_EVERY_MS + 1_000;

// One project runs both walks, in this order, in one worker: no chain of projects waits for the rest
// of the run to end before its second walk starts.
for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    test("the organiser starts the next edition, a member fills its survey, a visitor reads the archive", ({
      browser,
      page,
    }) => startTheNextEdition(browser, page, javaScriptEnabled));
  });
}

async function startTheNextEdition(browser: Browser, page: Page, javaScriptEnabled: boolean) {
  const organiserConsole = watchConsole(page);
  // The organiser: the menu's Next edition is a confirmation page that says what will happen.
  await signedIn(page, "organiser@example.com", "/organiser");
  await page
    .getByRole("navigation", { name: "Organiser" })
    .getByRole("link", { name: "Next edition" })
    .click();
  await expect(page).toHaveURL(/\/organiser\/next-edition$/);
  await expect(page.getByRole("heading", { name: "Start the next edition", level: 1 })).toBeVisible();
  const shortName = page.getByLabel("Short name");
  const name = await shortName.inputValue();
  const year = 2000 + Number(SHORT_NAME.exec(name)?.[1]);
  const closing = `SGW${String(year - 1).slice(2)}`;
  expect([2026, 2027]).toContain(year);
  await expect(page.getByText(`${closing} (${year - 1}) closes.`)).toBeVisible();
  await expect(page.getByText("Votes, the survey deadline and reminders start empty.")).toBeVisible();
  // SGW26 (the second walk) is decided for a weekend still ahead: the page says so before anything.
  const warning = page.getByText(`${closing}'s weekend`);
  if (year === 2027) await expect(warning).toContainText("has not happened yet.");
  else await expect(warning).toHaveCount(0);
  // Never a past weekend (issue 55): the year's default while it is ahead, else the first one that is.
  const today = dayIn(new Date(), process.env.EVENT_TIME_ZONE || DEFAULT_EVENT_TIME_ZONE);
  await expect(page.getByLabel("Planned weekend")).toHaveValue(weekendToPlan(year, today));
  const planned = PLANNED[year];
  await page.getByLabel("Planned weekend").selectOption(planned.label);
  const tripMailsBefore = (await sentMails("organiser@example.com")).length;
  await page.getByRole("button", { name: "Start the next edition" }).click();
  const startedAt = Date.now();
  await expect(page).toHaveURL(/\/organiser$/);
  await expect(page.getByRole("status").filter({ hasText: `${name} has started.` })).toBeVisible();
  // Every page names the new edition: the title, the navigation, the houses' choose buttons.
  await expect(page).toHaveTitle(`${name} — Organiser`);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name })).toHaveAttribute(
    "href",
    "/sgw25",
  );
  await expect(page.getByRole("link", { name: `${name} home` })).toBeVisible();
  await page.goto("/organiser/decide");
  await expect(page.getByRole("button", { name: `Choose for ${name}` }).first()).toBeVisible();

  // Planned, not decided: Decide marks nothing chosen, and neither Trip nor Money is in the navigation.
  await expect(page.getByText(`Not chosen yet (planned: ${planned.label})`)).toBeVisible();
  await expect(page.getByText("Chosen", { exact: true })).toHaveCount(0);
  await expect(page.getByText(/^Planned: a weekend is proposed/)).toBeVisible();
  const survey = page.getByRole("navigation", { name: "Survey" });
  await expect(survey.getByRole("link", { name: "Trip" })).toHaveCount(0);
  await expect(survey.getByRole("link", { name: "Money" })).toHaveCount(0);

  // The home page and the event page speak of the new edition's planned weekend (not the spec's
  // 2025 one), as a plan.
  await page.getByRole("link", { name: `${name} home` }).click();
  await expect(page.getByRole("heading", { name: `${name} is coming` })).toBeVisible();
  await expect(
    page.getByText(`The plan: the summer get-together happens the weekend of ${planned.home}.`),
  ).toBeVisible();
  await expect(page.getByText("Mark your calendar", { exact: false })).toHaveCount(0);
  await expect(page.getByText("August 22-26")).toHaveCount(0);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText(`${planned.event}.`)).toBeVisible();
  await expect(
    page.getByText("We may start a day earlier or end a day later", { exact: false }),
  ).toBeVisible();
  await expect(page.getByText("The weekend is decided.")).toHaveCount(0);

  // The organiser chooses a house on Decide: /houses marks it, and it leads the list.
  await page.goto("/organiser/decide");
  const choice = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: `Choose for ${name}` }) })
    .first();
  const chosenTitle = ((await choice.getByRole("heading", { level: 3 }).textContent()) ?? "").trim();
  expect(chosenTitle).not.toBe("");
  await choice.getByRole("button", { name: `Choose for ${name}` }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `${chosenTitle} is the chosen house.` }),
  ).toBeVisible();
  await page.goto("/houses");
  const firstCard = page.getByRole("article").first();
  await expect(firstCard.getByRole("heading", { level: 3 })).toHaveText(chosenTitle);
  await expect(firstCard.getByText(`Chosen for ${name}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Chosen for ${name}`, { exact: true })).toHaveCount(1);
  await expect(page.getByText(`${chosenTitle} is the house chosen for ${name}.`)).toBeVisible();
  organiserConsole.check();

  // A member: the new survey starts from the remembered answers, and says so.
  const context = await browser.newContext({ javaScriptEnabled });
  const member = await context.newPage();
  await signedIn(member, "jordan@example.com", "/survey");
  await expect(member).toHaveURL(/\/survey\/1$/);
  await expect(member.getByRole("status").filter({ hasText: "from your last survey" })).toBeVisible();
  await expect(member.getByLabel("Your name")).toHaveValue("Jordan");
  // The questions name the new edition, and the one before it.
  const coming = question(member, `Are you coming to ${name}?`);
  for (const option of ["Yes", "No", "Maybe"]) {
    await expect(coming.getByRole("radio", { name: option, exact: true })).not.toBeChecked();
  }
  await choose(member, `Are you coming to ${name}?`, "Yes");
  await next(member, 2);
  const weekends = question(member, "Which weekends work for you?");
  await expect(weekends.getByRole("checkbox")).toHaveCount(40);
  await expect(weekends.getByRole("checkbox", { name: "Aug 21 - Aug 25", exact: true })).toHaveCount(0);
  await expect(weekends.getByRole("checkbox", { name: planned.label, exact: true })).not.toBeChecked();
  await weekends.getByRole("checkbox", { name: planned.label, exact: true }).check();
  // Jordan's countries, sober and room answers and shirt size came along; the rest starts empty.
  await expect(
    question(member, "Which countries are you cool with?").getByRole("checkbox", { name: "Mexico" }),
  ).toBeChecked();
  await expect(
    question(member, "Are you okay staying sober?").getByRole("radio", { name: "No" }),
  ).toBeChecked();
  await expect(
    question(member, "Are you cool with sharing a room?").getByRole("radio", { name: "Yes" }),
  ).toBeChecked();
  await expect(member.getByLabel("Your size", { exact: true })).toHaveValue("s");
  const longer = question(member, "Should SGW be longer?");
  await expect(longer.getByRole("radio", { name: "No, keep it as is" })).not.toBeChecked();
  await choose(member, "Should SGW be longer?", "No, keep it as is");
  await choose(member, "Should we revisit previous spots?", "Yes");
  await choose(member, "Would you change your fate?", "Aye");
  await next(member, 4);
  await choose(member, `Did you come to ${closing}?`, "No");
  await next(member, 6);
  await member.getByRole("button", { name: "Submit Survey" }).click();
  await expect(member).toHaveURL(/\/survey\/7$/);
  await context.close();

  // A house alone is not the decision either: the trip mails' job has looked at least once since the
  // start, and no trip mail went out for the plan.
  await page.waitForTimeout(Math.max(0, startedAt + TRIP_JOB_MS - Date.now()));
  // The 30-day mail says the days truly left on the day it goes (issue 55).
  const tripMail = new RegExp(`^${name} is in \\d+ days?$`);
  const tripMails = async () =>
    (await sentMails("organiser@example.com"))
      .slice(tripMailsBefore)
      .filter((mail) => tripMail.test(mail.subject));
  expect(await tripMails()).toEqual([]);

  // The organiser decides the weekend: Trip and Money appear, the pages say it is decided; the trip
  // mail waits for the announcement, then follows (SGW26's weekend is within 30 days; SGW27's is not).
  await page.goto("/organiser/decide");
  await page
    .getByRole("region", { name: "The decision" })
    .getByRole("button", { name: "Choose this weekend" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: `The weekend is ${planned.event}` })).toBeVisible();
  await expect(page.getByText(/^Decided: the weekend and the house are chosen/)).toBeVisible();
  await expect(survey.getByRole("link", { name: "Trip" })).toBeVisible();
  await expect(survey.getByRole("link", { name: "Money" })).toBeVisible();
  await page.goto("/sgw25");
  await expect(page.getByText("The weekend is decided.")).toBeVisible();
  await page.goto("/");
  await expect(
    page.getByText(`Mark your calendar: the summer get-together happens the weekend of ${planned.home}.`),
  ).toBeVisible();
  if (year === 2026) {
    // Decided, not announced: a look of the job later, still no trip mail.
    const decidedAt = Date.now();
    await page.waitForTimeout(Math.max(0, decidedAt + TRIP_JOB_MS - Date.now()));
    expect(await tripMails()).toEqual([]);
    await page.goto("/organiser/mail");
    const announce = page.getByRole("region", { name: "Announce the decision" });
    await announce.getByRole("link", { name: /^Announce the (decision|change) to \d+ members$/ }).click();
    await page
      .getByRole("region", { name: "Send the announcement?" })
      .getByRole("button", { name: /^Send the announcement to \d+ members?$/ })
      .click();
    await expect(page.getByRole("status").filter({ hasText: /^The decision went to / })).toBeVisible();
    await expect.poll(async () => (await tripMails()).length, { timeout: TRIP_JOB_MS + 10_000 }).toBe(1);
    expect((await tripMails())[0].text).not.toContain("the house is not chosen yet");
  }

  // A visitor: /past-events lists the closed edition, its page shows its results as they were.
  const visitorContext = await browser.newContext({ javaScriptEnabled });
  const visitor = await visitorContext.newPage();
  const visitorConsole = watchConsole(visitor);
  await visitor.goto("/past-events");
  await expect(visitor.getByRole("heading", { name: "Past Weekends" })).toBeVisible();
  // An archive, so no "Check back soon!"; who "would come" counts is said (the charts count respondents).
  await expect(visitor.getByText("Check back soon!")).toHaveCount(0);
  const past = visitor.getByRole("region", { name: "Past Weekends" });
  // Both editions close before a weekend was held (2025 never decided, SGW26's December weekend
  // ahead): the archive never says they came (issue 55).
  const came = /^\d+ said they would come: \d+ members?( and \d+ guests?|, no guests)\.$/;
  await expect(past.getByRole("listitem").first().getByText(came)).toBeVisible();
  await expect(past.getByRole("link", { name: "SGW25", exact: true })).toBeVisible();
  await past.getByRole("link", { name: closing, exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/past-events/${year - 1}$`));
  await expect(visitor.getByRole("heading", { name: `${closing}: Where We Stood` })).toBeVisible();
  await expect(visitor.getByText(/said they would come: \d+ members?/)).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Best Weekends" })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "So When is This Happening?" })).toBeVisible();
  const attendance = visitor.getByRole("region", { name: "Who's Coming" });
  await expect(attendance).toContainText("Jordan");
  if (year === 2026) await expect(attendance).toContainText("Alex");
  else await expect(visitor.getByText("Charts count the 1 person who said yes or maybe.")).toBeVisible();
  expect(await visitor.locator("script[src]").count()).toBe(0);
  visitorConsole.check();
  await visitorContext.close();
}
