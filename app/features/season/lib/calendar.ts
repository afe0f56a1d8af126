import { createEvent } from "ics";
import {
  DEFAULT_EVENT_SETTINGS,
  calendarUid,
  weekendDays,
  type EventSettings,
} from "~/features/season/lib/event-settings";

type CalendarDate = [number, number, number];

const dateParts = (date: Date): CalendarDate => [
  date.getUTCFullYear(),
  date.getUTCMonth() + 1,
  date.getUTCDate(),
];

/**
 * The planned weekend as an all-day iCalendar event (DTEND is exclusive, RFC 5545), with the chosen
 * house as its location when there is one. `sequence` counts the announcements of a changed decision,
 * so a calendar that already holds the event replaces it. Until the season is decided (the season
 * state) the event is TENTATIVE: a planned weekend is a proposal, not a date to keep.
 */
export function eventCalendar(input: {
  appUrl: string;
  location?: string;
  event?: EventSettings;
  sequence?: number;
  decided: boolean;
}): string {
  const event = input.event ?? DEFAULT_EVENT_SETTINGS;
  const url = `${input.appUrl.replace(/\/+$/, "")}/sgw25`;
  const days = weekendDays(event.plannedWeekend, event.year);
  if (!days) throw new Error(`Not a weekend of ${event.year}: ${event.plannedWeekend}`);
  const { error, value } = createEvent({
    uid: calendarUid(event),
    sequence: input.sequence || undefined,
    productId: "sgw25-planner",
    calName: plainText(event.shortName),
    title: plainText(event.shortName),
    description: plainText(`The ${event.name} weekend. Details and results: ${url}`),
    start: dateParts(days.start),
    end: dateParts(new Date(days.end.getTime() + 24 * 60 * 60 * 1000)),
    url,
    location: plainText(input.location ?? "") || undefined,
    status: input.decided ? "CONFIRMED" : "TENTATIVE",
    busyStatus: "BUSY",
  });
  if (error || !value) throw error ?? new Error("Could not build the calendar file");
  return foldLines(value);
}

/**
 * One line of text for a calendar value: the library escapes only line feeds, so a carriage return
 * or another control character would break the file (or start a property of its own) — they become
 * spaces.
 */
export function plainText(text: string) {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
}

const utf8 = new TextEncoder();

/**
 * RFC 5545 folds lines longer than 75 octets (not characters): the library's own folding counts
 * characters, so it is undone and redone here, never splitting a UTF-8 character.
 */
export function foldLines(text: string) {
  const lines = text.replace(/\r\n[ \t]/g, "").split("\r\n");
  return lines.map(foldLine).join("\r\n");
}

function foldLine(line: string) {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75.
    if (octets + size > 75) {
      parts.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n");
}
