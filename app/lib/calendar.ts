import { createEvent } from "ics";

/** The weekend as an all-day event: Thu Aug 21 to Mon Aug 25, 2025; DTEND is exclusive (RFC 5545). */
export const EVENT_START: [number, number, number] = [2025, 8, 21];
export const EVENT_END_EXCLUSIVE: [number, number, number] = [2025, 8, 26];

/** The SGW25 weekend as an iCalendar file, with the chosen house as its location when there is one. */
export function eventCalendar(input: { appUrl: string; location?: string }): string {
  const url = `${input.appUrl.replace(/\/+$/, "")}/sgw25`;
  const { error, value } = createEvent({
    // A fixed UID: importing the file again updates the same event instead of adding a second one.
    uid: "sgw25-weekend@sgw25-planner",
    productId: "sgw25-planner",
    calName: "SGW25",
    title: "SGW25",
    description: `The summer get-together weekend. Details and results: ${url}`,
    start: EVENT_START,
    end: EVENT_END_EXCLUSIVE,
    url,
    location: input.location || undefined,
    status: "CONFIRMED",
    busyStatus: "BUSY",
  });
  if (error || !value) throw error ?? new Error("Could not build the calendar file");
  return value;
}
