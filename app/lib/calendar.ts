import { createEvent } from "ics";
import { DEFAULT_EVENT_SETTINGS, calendarUid, weekendDays, type EventSettings } from "./event-settings";

type CalendarDate = [number, number, number];

const dateParts = (date: Date): CalendarDate => [
  date.getUTCFullYear(),
  date.getUTCMonth() + 1,
  date.getUTCDate(),
];

/**
 * The planned weekend as an all-day iCalendar event (DTEND is exclusive, RFC 5545), with the chosen
 * house as its location when there is one. `sequence` counts the announcements of a changed decision,
 * so a calendar that already holds the event replaces it.
 */
export function eventCalendar(input: {
  appUrl: string;
  location?: string;
  event?: EventSettings;
  sequence?: number;
}): string {
  const event = input.event ?? DEFAULT_EVENT_SETTINGS;
  const url = `${input.appUrl.replace(/\/+$/, "")}/sgw25`;
  const days = weekendDays(event.plannedWeekend, event.year);
  if (!days) throw new Error(`Not a weekend of ${event.year}: ${event.plannedWeekend}`);
  const { error, value } = createEvent({
    uid: calendarUid(event),
    sequence: input.sequence || undefined,
    productId: "sgw25-planner",
    calName: event.shortName,
    title: event.shortName,
    description: `The ${event.name} weekend. Details and results: ${url}`,
    start: dateParts(days.start),
    end: dateParts(new Date(days.end.getTime() + 24 * 60 * 60 * 1000)),
    url,
    location: input.location || undefined,
    status: "CONFIRMED",
    busyStatus: "BUSY",
  });
  if (error || !value) throw error ?? new Error("Could not build the calendar file");
  return value;
}
