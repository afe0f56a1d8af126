import { expect, type Browser, type Page } from "@playwright/test";
import ICAL from "ical.js";
import { MAIL_API, login } from "./support";

export type SentMail = {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  attachments?: Array<{ filename: string; content: string; content_type?: string }>;
};

/** The organiser's /organiser page in a context of its own, with JavaScript on or off. */
export async function organiserPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await login(page, "organiser@example.com", undefined, "/organiser");
  await expect(page.getByRole("heading", { name: "Organiser", level: 1 })).toBeVisible();
  return page;
}

export async function sentMails(): Promise<SentMail[]> {
  return (await (await fetch(`${MAIL_API}/__mails`)).json()) as SentMail[];
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

/** Waits for the flash message a post/redirect/get leaves on /organiser. */
export async function expectStatus(page: Page, text: string | RegExp) {
  await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}
