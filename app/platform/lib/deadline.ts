/** The event's time zone: deadlines are entered and shown in it, whatever the server's own zone. */
export const DEFAULT_EVENT_TIME_ZONE = "America/New_York";

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Making a DateTimeFormat costs far more than using one (the organiser's table formats 200 times).
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat("en-US", { ...options, timeZone: zone })));
  return format;
}

/** Minutes `zone` is ahead of UTC at `instant` (negative west of Greenwich). */
function offsetMinutes(instant: Date, zone: string): number {
  const parts = dateFormat(zone, {
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock date ("2025-08-01") and time ("18:00") mean in `zone`, or null when the
 * input is not a real date and time. Across a daylight-saving change the offset of the result
 * itself is used, so "02:30" on a spring-forward night lands just after the gap.
 */
export function deadlineFromInput(date: string, time: string, zone: string): Date | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time.trim());
  if (!dateMatch || !timeMatch) return null;
  const [year, month, day] = dateMatch.slice(1).map(Number);
  const [hour, minute] = timeMatch.slice(1).map(Number);
  if (hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const first = wall - offsetMinutes(new Date(wall), zone) * 60_000;
  return new Date(wall - offsetMinutes(new Date(first), zone) * 60_000);
}

/** The date and time inputs' values for an instant, in `zone` (to prefill the organiser's form). */
export function deadlineInputValues(instant: Date, zone: string): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + offsetMinutes(instant, zone) * 60_000);
  const iso = shifted.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** "Friday, August 1, 2025 at 6:00 PM EDT": the deadline as every page shows it. */
export function formatDeadline(instant: Date, zone: string): string {
  return dateFormat(zone, {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  })
    .format(instant)
    .replace(/\u202f/g, " ");
}

/** The survey is closed from the deadline's instant on (at the deadline counts as after). */
export function isSurveyClosed(deadline: Date | null, now: Date): boolean {
  return deadline !== null && now.getTime() >= deadline.getTime();
}

export function surveyClosedMessage(deadline: Date, zone: string): string {
  return `The survey closed on ${formatDeadline(deadline, zone)}.`;
}

/** The stored setting (an ISO instant) back as a Date; anything unreadable counts as no deadline. */
export function parseStoredDeadline(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A short timestamp for tables ("Jul 1, 2025, 6:00 PM"): it fits a phone's column on one line. */
export function formatShortTime(instant: Date, zone: string): string {
  return dateFormat(zone, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  })
    .format(instant)
    .replace(/\u202f/g, " ");
}

/** The button that closes the survey at once, since a deadline in the past is refused. */
export const CLOSE_NOW = "Close the survey now";

/**
 * Why a deadline the organiser entered cannot be set, or null. It must lie ahead (closing at once
 * has its own button), and before the planned weekend starts when that weekend is still ahead: a
 * survey about the weekend that closes after it began helps nobody. Between editions (the weekend
 * is over) any future deadline is taken, for the next one's survey.
 */
export function deadlineRefusal(
  deadline: Date,
  now: Date,
  weekend: { start: Date; text: string } | null,
): string | null {
  if (deadline.getTime() <= now.getTime()) {
    return `That time has already passed. To close the survey at once, use “${CLOSE_NOW}”.`;
  }
  if (weekend && weekend.start.getTime() > now.getTime() && deadline.getTime() >= weekend.start.getTime()) {
    return `The deadline must be before the weekend starts (${weekend.text}).`;
  }
  return null;
}
