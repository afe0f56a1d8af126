import { expect, type Page } from "@playwright/test";
import { WINDOWS } from "../../app/features/season/lib/weekends";

/**
 * The survey specs go through the form as demo members and enter exactly the answers the seed gave
 * them, so the data other specs read (results, attendance lists) ends as seeded. Each Playwright
 * project uses its own "yes" member, so the js and no-js runs never edit the same draft at once;
 * Casey (the seed's only "no") is shared, and both projects write her identical answers.
 */
export type MemberAnswers = {
  email: string;
  name: string;
  attending: "Yes" | "No" | "Maybe";
  weekends: string[];
  extension: string;
  countries: string[];
  previousLocale: "Yes" | "No";
  sober: "Yes" | "No";
  guests: { boo: boolean; child: boolean };
  shareRoom: "Yes" | "No";
  sizes: { self: string; boo: string; child: string };
  fateChange: "Aye" | "Nay";
  sgw24: "Yes" | "No";
  concerns: string;
  suggestions: string;
};

const weeks = (...indexes: number[]) => indexes.map((index) => WINDOWS[index]);

export const RILEY: MemberAnswers = {
  email: "riley@example.com",
  name: "Riley",
  attending: "Yes",
  weekends: weeks(17, 19, 20),
  extension: "Start a day earlier",
  countries: ["USA"],
  previousLocale: "No",
  sober: "Yes",
  guests: { boo: false, child: true },
  shareRoom: "Yes",
  sizes: { self: "xl", boo: "", child: "xs" },
  fateChange: "Nay",
  sgw24: "Yes",
  concerns: "The drive was long.",
  suggestions: "A lake, please.",
};

export const SAM: MemberAnswers = {
  email: "sam@example.com",
  name: "Sam",
  attending: "Yes",
  weekends: weeks(19, 20, 22),
  extension: "End a day later",
  countries: ["USA", "Mexico"],
  previousLocale: "No",
  sober: "Yes",
  guests: { boo: true, child: true },
  shareRoom: "No",
  sizes: { self: "l", boo: "l", child: "xs" },
  fateChange: "Nay",
  sgw24: "Yes",
  concerns: "The drive was long.",
  suggestions: "A lake, please.",
};

export const CASEY = { email: "casey@example.com", name: "Casey" };

/** The attending-yes member for a Playwright project. */
export function yesMemberFor(projectName: string) {
  return projectName === "no-js" ? SAM : RILEY;
}

export const question = (page: Page, legend: string) => page.getByRole("group", { name: legend });

export async function choose(page: Page, legend: string, option: string) {
  await question(page, legend).getByRole("radio", { name: option, exact: true }).check();
}

export async function next(page: Page, section: number) {
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`/survey/${section}$`));
}

export async function fillBasicInfo(page: Page, name: string, attending: string) {
  await expect(page.getByRole("heading", { name: "Basic info" })).toBeVisible();
  await page.getByLabel("Your name").fill(name);
  await choose(page, "Are you coming to SGW25?", attending);
}

export async function fillDetails(page: Page, member: MemberAnswers) {
  await expect(page.getByRole("heading", { name: "Details" })).toBeVisible();
  const weekends = question(page, "Which weekends work for you?");
  await expect(weekends.getByRole("checkbox")).toHaveCount(39);
  for (const label of WINDOWS) {
    await weekends
      .getByRole("checkbox", { name: label, exact: true })
      .setChecked(member.weekends.includes(label));
  }
  await choose(page, "Should SGW be longer?", member.extension);
  const countries = question(page, "Which countries are you cool with?");
  for (const country of ["USA", "Canada", "Mexico"]) {
    await countries.getByRole("checkbox", { name: country }).setChecked(member.countries.includes(country));
  }
  await choose(page, "Should we revisit previous spots?", member.previousLocale);
  await choose(page, "Are you okay staying sober?", member.sober);
  const guests = question(page, "Bringing anyone along?");
  const booSize = page.getByLabel("Your boo's size");
  // A guest's size appears only once that guest is ticked (through CSS when JavaScript is off).
  await guests.getByRole("checkbox", { name: "My boo" }).setChecked(false);
  await expect(booSize).toBeHidden();
  await guests.getByRole("checkbox", { name: "My boo" }).setChecked(true);
  await expect(booSize).toBeVisible();
  await guests.getByRole("checkbox", { name: "My boo" }).setChecked(member.guests.boo);
  await guests.getByRole("checkbox", { name: "My child" }).setChecked(member.guests.child);
  await choose(page, "Are you cool with sharing a room?", member.shareRoom);
  await page.getByLabel("Your size", { exact: true }).selectOption(member.sizes.self);
  if (member.guests.boo) await booSize.selectOption(member.sizes.boo);
  if (member.guests.child) await page.getByLabel("Your child's size").selectOption(member.sizes.child);
  await choose(page, "Would you change your fate?", member.fateChange);
}

/** The member's survey as GET /api/survey returns it (the page's session cookie is the credential). */
export async function savedSurvey(page: Page) {
  const response = await page.request.get("/api/survey");
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}
