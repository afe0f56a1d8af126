import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import ICAL from "ical.js";
import { DEMO_PASSWORD, mailQuery, NEW_PASSWORD, uniqueEmail, uniqueListing } from "./support";

export type SentMail = {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  attachments?: Array<{ filename: string; content: string; content_type?: string }>;
};

const ORGANISER = "organiser@example.com";

/** One of the organiser's pages (/organiser at first) in a context of its own, with JavaScript on or off. */
export async function organiserPage(
  browser: Browser,
  javaScriptEnabled: boolean,
  path = "/organiser",
): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  // The login form as login() fills it, with more time: with JavaScript on, the first visit to
  // /organiser loads its code and styles before the page shows, slow on a busy machine.
  await page.goto(`/auth?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel("Email").fill(ORGANISER);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("navigation", { name: "Organiser" })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByText(`You are logged in as ${ORGANISER}`)).toBeVisible();
  return page;
}

/** What the fake Resend server received from the running test's app, all of it or the mails to one address. */
export async function sentMails(to?: string): Promise<SentMail[]> {
  return (await (await fetch(mailQuery(to))).json()) as SentMail[];
}

/** The calendar event of an .ics text: its UID, SEQUENCE and first day. */
export function calendarEvent(text: string) {
  const component = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent");
  if (!component) throw new Error("no VEVENT");
  const event = new ICAL.Event(component);
  return {
    uid: event.uid,
    sequence: Number(component.getFirstPropertyValue("sequence") ?? 0),
    start: event.startDate.toString(),
    location: event.location,
  };
}

export const attachedEvent = (mail: SentMail) =>
  calendarEvent(Buffer.from(mail.attachments?.[0]?.content ?? "", "base64").toString("utf8"));

/**
 * Waits for the message a post leaves at the top of the organiser page it came from, and checks
 * that it is in view (no scrolling needed to read it).
 */
export async function expectStatus(page: Page, text: string | RegExp) {
  const message = page.getByRole("status").filter({ hasText: text });
  await expect(message).toBeVisible();
  await expectInView(page, message);
}

/** The element's box lies within the viewport. */
export async function expectInView(page: Page, element: ReturnType<Page["locator"]>) {
  await expect(element).toBeInViewport({ ratio: 1 });
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, "the message has a box").not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

/** A throwaway member made through the API: registered, logged in (one session), maybe with a survey. */
export type ApiMember = { id: number; email: string; name: string; token: string };

export async function apiMember(
  request: APIRequestContext,
  name: string,
  survey?: Record<string, unknown>,
): Promise<ApiMember> {
  const email = uniqueEmail("season");
  const registered = await request.post("/api/register", { data: { email, password: NEW_PASSWORD, name } });
  expect(registered.status(), await registered.text()).toBe(201);
  const id = ((await registered.json()) as { user: { id: number } }).user.id;
  const login = await request.post("/api/login", { data: { email, password: NEW_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const member = { id, email, name, token: ((await login.json()) as { token: string }).token };
  if (survey) {
    const saved = await request.post("/api/survey", { headers: bearer(member), data: { name, ...survey } });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return member;
}

export const bearer = (member: ApiMember) => ({ Authorization: `Bearer ${member.token}` });

/** A house the member suggests through the API, in Colorado, with a listing no other test uses. */
export async function apiHouse(request: APIRequestContext, member: ApiMember, title: string) {
  const response = await request.post("/api/houses", {
    headers: bearer(member),
    data: {
      url: `https://www.${uniqueListing()}`,
      title,
      city: "Breckenridge",
      state: "CO",
      country: "USA",
      num_bedrooms: 5,
      num_beds: 8,
      num_baths: 3,
      listing_img: "https://127.0.0.1:9/season.jpg",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; title: string };
}

export async function apiVote(
  request: APIRequestContext,
  member: ApiMember,
  houseId: number,
  vote: "love" | "like" | "dislike",
) {
  const response = await request.post("/api/votes", {
    headers: bearer(member),
    data: { house_id: houseId, user_id: member.id, vote },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Follows a tidy-up link on an organiser page (People by default) to its confirmation page, checks that the page names what
 * will go, confirms, and waits for the flash message.
 */
export async function confirmTidyUp(
  organiser: Page,
  step: {
    link: string;
    heading: string;
    goes: Array<string | RegExp>;
    button: string;
    done: string;
    from?: string;
  },
) {
  await organiser.goto(step.from ?? "/organiser/people");
  await organiser.getByRole("link", { name: step.link, exact: true }).click();
  await expect(organiser.getByRole("heading", { level: 1, name: step.heading, exact: true })).toBeVisible();
  const items = organiser.locator(".confirm-delete").getByRole("listitem");
  for (const item of step.goes) await expect(items.filter({ hasText: item })).toHaveCount(1);
  await organiser.getByRole("button", { name: step.button }).click();
  await expectStatus(organiser, step.done);
}

/** Deletes a throwaway account as its confirmation page's form does (a plain post), to restore the data. */
export async function deleteAccount(organiser: Page, member: ApiMember) {
  const path = `/organiser/members/${member.id}/delete`;
  const origin = new URL(organiser.url()).origin;
  const response = await organiser.request.post(path, {
    form: { intent: "confirm" },
    headers: { Origin: origin, Referer: `${origin}${path}` },
    maxRedirects: 0,
  });
  expect(response.status(), `deleting ${member.email}`).toBe(302);
}

/**
 * The Headcount section of /organiser: each row as label -> [yes, yes + maybe] (shirt rows named
 * as in the CSV), and who will share a room.
 */
export async function headcountOnPage(page: Page) {
  const section = page
    .getByRole("region", { name: "Headcount", exact: true })
    .filter({ has: page.getByRole("heading", { name: "Headcount", level: 2 }) });
  const read = async (table: string, prefix: string) =>
    (
      await section
        .getByRole("table", { name: table })
        .locator("tbody tr")
        .evaluateAll((rows) =>
          rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? "").trim())),
        )
    ).map(([label, yes, all]): [string, [number, number]] => [
      `${prefix}${label}`,
      [Number(yes), Number(all)],
    ]);
  const shirts = section.getByRole("table", { name: "Shirts" });
  const numbers = new Map<string, [number, number]>([
    ...(await read("Who is coming, their guests, beds, rooms and sober answers", "")),
    ...((await shirts.count()) ? await read("Shirts", "Shirts, ") : []),
  ]);
  const sharing = (await section.locator("p", { hasText: "Will share a room:" }).textContent()) ?? "";
  const names = sharing.replace("Will share a room:", "").trim();
  return { numbers, sharing: names === "nobody yet" ? [] : names.split(", ") };
}

/** /organiser/headcount.csv as label -> [yes, yes + maybe], and who will share a room (yes + maybe). */
export async function headcountFromCsv(page: Page) {
  const response = await page.request.get("/organiser/headcount.csv");
  expect(response.status()).toBe(200);
  const rows = parse(await response.text(), { bom: true }) as string[][];
  expect(rows[0]).toEqual(["What", "Yes", "Yes + maybe"]);
  const sharing = rows.find(([label]) => label === "Will share a room")?.[2] ?? "";
  const numbers = new Map(
    rows
      .slice(1)
      .filter(([label]) => label !== "Will share a room")
      .map(([label, yes, all]) => [label, [Number(yes), Number(all)] as [number, number]]),
  );
  return { numbers, sharing: sharing ? sharing.split("; ") : [] };
}

/**
 * The season decided on /organiser/decide as trip.spec.ts does it: the weekend of Aug 21 - Aug 25 and
 * Lakeside Lodge, unless it is decided already (the Trip link shows). `organiser` is on that page.
 */
export async function decideSeason(organiser: Page) {
  const tripLink = organiser.getByRole("navigation", { name: "Survey" }).getByRole("link", { name: "Trip" });
  if (await tripLink.count()) return;
  const decision = organiser.getByRole("region", { name: "The decision" });
  await decision.getByLabel("Any weekend").selectOption("Aug 21 - Aug 25");
  await decision.getByRole("button", { name: "Choose this weekend" }).click();
  await expectStatus(organiser, "The weekend is Thursday");
  const lodge = organiser
    .getByRole("region", { name: "The house" })
    .getByRole("listitem")
    .filter({ has: organiser.getByRole("heading", { name: "Lakeside Lodge", level: 3 }) });
  if (await lodge.getByRole("button", { name: /Choose for/ }).count()) {
    await lodge.getByRole("button", { name: /Choose for/ }).click();
    await expectStatus(organiser, "Lakeside Lodge is the chosen house.");
  }
}
