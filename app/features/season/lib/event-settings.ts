import { availabilityWindows } from "~/features/season/lib/weekends";

/** The event's facts the organiser may change; every page reads them instead of constants. */
export type EventSettings = {
  /** Lower-case words that follow "the" in a sentence ("the summer get-together happens …"). */
  name: string;
  shortName: string;
  /** The year of the survey's windows and of the calendar file. */
  year: number;
  /** One of the survey's availability windows. */
  plannedWeekend: string;
  /**
   * True once the organiser has chosen the weekend; until then the home page keeps its own wording.
   * One fact of the season state: whether the season is decided is read from the state
   * (season-state), never from this alone.
   */
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

/** At most one reminder round per day, so nobody's inbox fills up with nagging. */
export const REMINDER_INTERVAL_MS = 24 * 60 * 60 * 1000;

export function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
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

/**
 * The home page's dates: for the 2025 edition the spec's own wording until the organiser chooses a
 * weekend; every later edition says its own planned weekend, as its event page does.
 */
export function homeWeekend(settings: EventSettings): string {
  const specWording = !settings.weekendChosen && settings.year === DEFAULT_EVENT_SETTINGS.year;
  return specWording ? "August 22-26" : weekendRange(settings.plannedWeekend, settings.year);
}

/**
 * The calendar event's UID: one per year's event, never derived from editable text, so renaming the
 * event or changing the decision updates the same calendar entry instead of adding one.
 */
export function calendarUid(settings: Pick<EventSettings, "year">): string {
  return `sgw${String(settings.year).slice(-2)}-weekend@sgw25-planner`;
}
