import { createEvents, type EventAttributes } from "ics";
import { foldLines, plainText } from "~/features/season/lib/calendar";
import { calendarUid, weekendDays, type EventSettings } from "~/features/season/lib/event-settings";
import { whenLabel, type Part } from "~/features/trip/lib/travel";

type CalendarDate = [number, number, number];
const DAY_MS = 24 * 60 * 60 * 1000;
const parts = (date: Date): CalendarDate => [
  date.getUTCFullYear(),
  date.getUTCMonth() + 1,
  date.getUTCDate(),
];
const dayParts = (day: string): CalendarDate => parts(new Date(`${day}T00:00:00Z`));
const nextDay = (date: Date) => new Date(date.getTime() + DAY_MS);

export type FeedTravel = { day: string; part: Part; time: string };

export type FeedInput = {
  appUrl: string;
  event: EventSettings;
  /** The chosen house as /sgw25.ics names it: already public, never the practical notes. */
  location: string | null;
  userId: number;
  arrival: FeedTravel | null;
  departure: FeedTravel | null;
  sequence: number;
};

/** What the feed's events depend on: a change of any of it is a new SEQUENCE. */
export function feedFingerprint(input: Omit<FeedInput, "sequence" | "appUrl">) {
  const { event, location, arrival, departure } = input;
  return JSON.stringify([event.plannedWeekend, event.year, event.shortName, location, arrival, departure]);
}

/**
 * The SEQUENCE to serve: the stored one while nothing changed, one more when the fingerprint
 * differs, and never below `floor` (the announcements' SEQUENCE of the same weekend event).
 */
export function nextSequence(
  stored: { fingerprint: string; sequence: number } | null,
  fingerprint: string,
  floor = 0,
) {
  const sequence = !stored ? 0 : stored.fingerprint === fingerprint ? stored.sequence : stored.sequence + 1;
  return Math.max(sequence, floor);
}

/**
 * A member's private calendar: the weekend as an all-day event with the UID of /sgw25.ics (so the
 * two never show twice), and their own arrival and departure as all-day events (a time zone never
 * moves a day; the time of day is in the title).
 */
export function tripFeed(input: FeedInput): string {
  const { event } = input;
  const url = `${input.appUrl.replace(/\/+$/, "")}/trip`;
  const days = weekendDays(event.plannedWeekend, event.year);
  if (!days) throw new Error(`Not a weekend of ${event.year}: ${event.plannedWeekend}`);
  const common = { productId: "sgw25-planner", sequence: input.sequence, url, busyStatus: "FREE" as const };
  const events: EventAttributes[] = [
    {
      ...common,
      uid: calendarUid(event),
      title: plainText(event.shortName),
      description: plainText(`The ${event.name} weekend. The trip page: ${url}`),
      start: parts(days.start),
      end: parts(nextDay(days.end)),
      location: plainText(input.location ?? "") || undefined,
      status: "CONFIRMED",
      busyStatus: "BUSY",
    },
  ];
  for (const [which, travel] of [
    ["arrival", input.arrival],
    ["departure", input.departure],
  ] as const) {
    if (!travel) continue;
    const verb = which === "arrival" ? "Arrive at" : "Leave";
    events.push({
      ...common,
      uid: `sgw${String(event.year).slice(-2)}-${which}-${input.userId}@sgw25-planner`,
      title: plainText(`${verb} ${event.shortName} (${whenLabel(travel.day, travel.part, travel.time)})`),
      start: dayParts(travel.day),
      end: parts(nextDay(new Date(`${travel.day}T00:00:00Z`))),
    });
  }
  const { error, value } = createEvents(events, {
    productId: "sgw25-planner",
    calName: plainText(event.shortName),
  });
  if (error || !value) throw error ?? new Error("Could not build the calendar feed");
  return foldLines(value);
}
