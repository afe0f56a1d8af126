import { z } from "zod";
import { availabilityWindows } from "./weekends";

/** The event's facts the organiser may change; every page reads them instead of constants. */
export type EventSettings = {
  /** Lower-case words that follow "the" in a sentence ("the summer get-together happens …"). */
  name: string;
  shortName: string;
  /** The year of the survey's windows and of the calendar file. */
  year: number;
  /** One of the survey's availability windows. */
  plannedWeekend: string;
  /** True once the organiser has chosen the weekend; until then the home page keeps its own wording. */
  weekendChosen: boolean;
  expectedMin: number;
  expectedMax: number;
  /** The group chat link; empty means the CHAT_URL configuration. */
  chatUrl: string;
};

/** The spec's facts: with nothing changed, every page reads exactly as the spec has it. */
export const DEFAULT_EVENT_SETTINGS: EventSettings = {
  name: "summer get-together",
  shortName: "SGW25",
  year: 2025,
  plannedWeekend: "Aug 21 - Aug 25",
  weekendChosen: false,
  expectedMin: 8,
  expectedMax: 12,
  chatUrl: "",
};

export const EVENT_LIMITS = { name: 80, shortName: 20, chatUrl: 500, people: 500 } as const;

const text = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const people = (label: string) =>
  z.preprocess(
    (value) =>
      value === "" || value === null ? undefined : typeof value === "string" ? Number(value) : value,
    z
      .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be between 1 and ${EVENT_LIMITS.people}`)
      .max(EVENT_LIMITS.people, `${label} must be between 1 and ${EVENT_LIMITS.people}`),
  );

/** Only a web link may become an href: never `javascript:` or `data:`. */
export const chatUrlSchema = z
  .string()
  .trim()
  .max(EVENT_LIMITS.chatUrl, `Chat link must be at most ${EVENT_LIMITS.chatUrl} characters`)
  .refine((value) => value === "" || isWebLink(value), "Chat link must be an http:// or https:// link");

export function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The organiser's event form: name, short name, expected group and chat link. */
export const eventFactsSchema = z
  .object({
    name: text("Event name", EVENT_LIMITS.name),
    shortName: text("Short name", EVENT_LIMITS.shortName),
    expectedMin: people("Expected at least"),
    expectedMax: people("Expected at most"),
    chatUrl: chatUrlSchema.default(""),
  })
  .refine((facts) => facts.expectedMin <= facts.expectedMax, {
    path: ["expectedMax"],
    message: "Expected at most must not be less than expected at least",
  });
export type EventFacts = z.infer<typeof eventFactsSchema>;

/** The window of `year` with this label, or a message saying it is not one. */
export function plannedWeekendSchema(year: number) {
  const windows = availabilityWindows(year);
  return z
    .string({ required_error: "Choose a weekend" })
    .trim()
    .refine((label) => windows.includes(label), "Choose one of the survey's weekends");
}

/**
 * What is stored: any subset of the settings, each read on its own, so a value that no longer
 * validates (an older shape, a hand edit) falls back to its default instead of breaking a page.
 */
export function readStoredSettings(stored: unknown): EventSettings {
  const raw = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  const pick = <T>(key: keyof EventSettings, schema: z.ZodType<T>, fallback: T): T => {
    const parsed = schema.safeParse(raw[key]);
    return parsed.success ? parsed.data : fallback;
  };
  const d = DEFAULT_EVENT_SETTINGS;
  const year = pick("year", z.number().int().min(2000).max(2100), d.year);
  const planned = pick("plannedWeekend", plannedWeekendSchema(year), "");
  const expectedMin = pick("expectedMin", z.number().int().min(1).max(EVENT_LIMITS.people), d.expectedMin);
  const expectedMax = pick("expectedMax", z.number().int().min(1).max(EVENT_LIMITS.people), d.expectedMax);
  const ordered = expectedMin <= expectedMax;
  return {
    name: pick("name", text("", EVENT_LIMITS.name), d.name),
    shortName: pick("shortName", text("", EVENT_LIMITS.shortName), d.shortName),
    year,
    plannedWeekend: planned || (year === d.year ? d.plannedWeekend : availabilityWindows(year)[20]),
    weekendChosen: planned !== "",
    expectedMin: ordered ? expectedMin : d.expectedMin,
    expectedMax: ordered ? expectedMax : d.expectedMax,
    chatUrl: pick("chatUrl", chatUrlSchema, d.chatUrl),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The first and last day (UTC dates) of a survey window, or null for a label that is not one. */
export function weekendDays(label: string, year: number): { start: Date; end: Date } | null {
  if (!availabilityWindows(year).includes(label)) return null;
  // A window's label starts with its first day ("Aug 28 - Sep 1"); it lasts five days.
  const [month, day] = label.split(" ");
  const monthIndex = MONTHS.findIndex((name) => name.startsWith(month));
  const start = new Date(Date.UTC(year, monthIndex, Number(day)));
  return { start, end: new Date(start.getTime() + 4 * DAY_MS) };
}

const short = (date: Date) => `${MONTHS[date.getUTCMonth()].slice(0, 3)} ${date.getUTCDate()}`;

/** "Thursday Aug 21 to Monday Aug 25", as the event page says it. */
export function weekendLong(label: string, year: number): string {
  const days = weekendDays(label, year);
  if (!days) return label;
  const day = (date: Date) => `${WEEKDAYS[date.getUTCDay()]} ${short(date)}`;
  return `${day(days.start)} to ${day(days.end)}`;
}

/** "August 21-25", or "August 28 - September 1" across months, as the home page says it. */
export function weekendRange(label: string, year: number): string {
  const days = weekendDays(label, year);
  if (!days) return label;
  const { start, end } = days;
  const month = (date: Date) => MONTHS[date.getUTCMonth()];
  return start.getUTCMonth() === end.getUTCMonth()
    ? `${month(start)} ${start.getUTCDate()}-${end.getUTCDate()}`
    : `${month(start)} ${start.getUTCDate()} - ${month(end)} ${end.getUTCDate()}`;
}

/** The home page's dates: the spec's own wording until the organiser chooses a weekend. */
export function homeWeekend(settings: EventSettings): string {
  return settings.weekendChosen ? weekendRange(settings.plannedWeekend, settings.year) : "August 22-26";
}

/** "8 to 12 people" style range used by estimates: "8–12", or "8" when both ends agree. */
export function expectedRange(settings: Pick<EventSettings, "expectedMin" | "expectedMax">): string {
  const { expectedMin: min, expectedMax: max } = settings;
  return min === max ? String(min) : `${min}–${max}`;
}

/**
 * The calendar event's UID: one per year's event, never derived from editable text, so renaming the
 * event or changing the decision updates the same calendar entry instead of adding one.
 */
export function calendarUid(settings: Pick<EventSettings, "year">): string {
  return `sgw${String(settings.year).slice(-2)}-weekend@sgw25-planner`;
}
