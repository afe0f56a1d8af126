import type { WindowCounts } from "~/features/results/lib/best-weekends";
import type { Attendance, Tally } from "~/features/results/lib/results";
import { availabilityWindows, defaultWeekend } from "~/features/season/lib/weekends";
import type { SeasonPhase } from "~/features/season/lib/season-state";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The house a closed edition chose, as its archive shows it. */
export type ArchivedHouse = {
  id: number;
  title: string;
  city: string;
  state: string;
  country: string;
  listing_img: string;
};

/** The frozen record of a closed edition: what the archive shows, as it was when the edition closed. */
export type FrozenEdition = {
  name: string;
  plannedWeekend: string;
  /**
   * Where the season stood when it rolled over (decision 024): "planned" means the weekend above was
   * only a plan. Absent in editions archived before the field existed.
   */
  phase?: SeasonPhase;
  /** Members who said yes, and the guests they brought. */
  came: number;
  house: ArchivedHouse | null;
  windows: string[];
  tally: Tally;
  attendance: Attendance;
  weekends: { counts: readonly WindowCounts[]; respondents: number };
};

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * "7 came: 5 members and 2 guests.": who `came` counts, since the archive's charts count respondents
 * (members who said yes or maybe) instead. An edition closed before its weekend was over (`phase`
 * as it stood then) never says "came" (issue 55): "7 said they would come: …".
 */
export function cameText(came: number, members: number, phase?: FrozenEdition["phase"]): string {
  const unheld = phase !== undefined && phase !== "over" && phase !== "archived";
  if (came <= 0) return unheld ? "Nobody said they would come." : "Nobody said they came.";
  const guests = Math.max(0, came - members);
  const who = count(Math.min(members, came), "member");
  const verb = unheld ? "said they would come" : "came";
  return `${came} ${verb}: ${who}${guests ? ` and ${count(guests, "guest")}` : ", no guests"}.`;
}

/**
 * The name of the edition of `to` after one named `name` in `year`: the year in the name moved on
 * (SGW25 → SGW26, or SGW27 two years on; "Weekend 2025" → "Weekend 2026"); a name without its year
 * gets the new year appended.
 */
export function nextEditionName(name: string, year: number, to = year + 1): string {
  const trimmed = name.trim();
  if (trimmed.includes(String(year))) return trimmed.replace(String(year), String(to));
  const short = String(year % 100).padStart(2, "0");
  if (trimmed.endsWith(short)) return `${trimmed.slice(0, -2)}${String(to % 100).padStart(2, "0")}`;
  return `${trimmed} ${to}`.trim();
}

/** "2025-08-21": a window's first day in `year`, or null for a label that is not a window. */
function firstDay(label: string, year: number): string | null {
  return windowStart(label, year)?.toISOString().slice(0, 10) ?? null;
}

/**
 * A weekend is ahead of `today` (the event's calendar day, "2026-11-29") when it starts after it:
 * one that starts today has begun.
 */
export function weekendAhead(label: string, year: number, today: string): boolean {
  const start = firstDay(label, year);
  return start !== null && start > today;
}

/** The windows of `year` that are still ahead of `today`, in order (none once the year is past). */
export function windowsAhead(year: number, today: string): string[] {
  return availabilityWindows(year).filter((label) => weekendAhead(label, year, today));
}

/**
 * The year the planner's first edition plans: the template's year, or the first one after it whose
 * default weekend (the spec's third week of August) is still ahead of `today`. A new planner on
 * 2026-11-29 plans SGW27, not the spec's past SGW25.
 */
export function firstEditionYear(template: number, today: string): number {
  let year = template;
  while (!weekendAhead(defaultWeekend(year), year, today)) year += 1;
  return year;
}

/**
 * The year the next edition after `current` plans: the next year while one of its weekends is still
 * ahead of `today`, else the first year after it whose default weekend is ahead: a roll-over never
 * plans a year that is already over.
 */
export function nextEditionYear(current: number, today: string): number {
  return windowsAhead(current + 1, today).length > 0 ? current + 1 : firstEditionYear(current + 2, today);
}

/**
 * The weekend a new edition of `year` preselects: the year's default while it is ahead of `today`,
 * else the first weekend that is (never a past one).
 */
export function weekendToPlan(year: number, today: string): string {
  const preferred = defaultWeekend(year);
  return weekendAhead(preferred, year, today) ? preferred : (windowsAhead(year, today)[0] ?? preferred);
}

/** "2026-12-02": `days` after the calendar day `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The weekend about `days` after `today`: the first window that starts at least that many days
 * later, in this year or the next (from January to March that is early April's, the first window).
 * The demo's season is set there, so it is under way on any date.
 */
export function weekendAbout(today: string, days: number): { year: number; label: string } {
  const from = addDays(today, days);
  for (let year = Number(today.slice(0, 4)); ; year += 1) {
    const label = availabilityWindows(year).find((window) => (firstDay(window, year) ?? "") >= from);
    if (label) return { year, label };
  }
}

/**
 * Whether an archived edition happened, so Past Events lists it (decision 032): it was decided (a
 * weekend and a house chosen), a house was chosen, or anybody answered its survey. An edition
 * rolled over with none of these was skipped, never held.
 */
export function editionHappened(frozen: Partial<FrozenEdition>): boolean {
  const decided = frozen.phase !== undefined && frozen.phase !== "planned" && frozen.phase !== "archived";
  const answered = (frozen.weekends?.respondents ?? 0) > 0 || (frozen.came ?? 0) > 0;
  return decided || Boolean(frozen.house) || answered;
}

/** The short name the year before had, by the same rule (SGW25 → SGW24). */
export function previousEditionName(name: string, year: number): string {
  const trimmed = name.trim();
  if (trimmed.includes(String(year))) return trimmed.replace(String(year), String(year - 1));
  const short = String(year % 100).padStart(2, "0");
  if (trimmed.endsWith(short)) return `${trimmed.slice(0, -2)}${String((year + 99) % 100).padStart(2, "0")}`;
  return `${trimmed} ${year - 1}`.trim();
}

/** The first day of a window label ("Aug 21 - Aug 25") in `year`, as a UTC date. */
function windowStart(label: string, year: number): Date | null {
  const match = /^([A-Z][a-z]{2}) (\d{1,2}) - ([A-Z][a-z]{2}) (\d{1,2})$/.exec(label);
  if (!match) return null;
  const month = MONTHS.indexOf(match[1]);
  return month < 0 ? null : new Date(Date.UTC(year, month, Number(match[2])));
}

/**
 * The same weekend a year on: the window starting 52 weeks after `label` (again a Thursday), or
 * the closest window of `nextYear` when that one is not among them.
 */
export function sameWeekendNextYear(label: string, year: number): string {
  const windows = availabilityWindows(year + 1);
  const start = windowStart(label, year);
  if (!start) return windows[0];
  const target = start.getTime() + 364 * DAY_MS;
  let best = windows[0];
  let bestDistance = Infinity;
  for (const candidate of windows) {
    const distance = Math.abs((windowStart(candidate, year + 1)?.getTime() ?? Infinity) - target);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** "Thu Aug 21 - Mon Aug 25, 2025": a window of `year` with its weekdays and year. */
export function windowDates(label: string, year: number): string {
  const start = windowStart(label, year);
  if (!start) return `${label}, ${year}`;
  const end = new Date(start.getTime() + 4 * DAY_MS);
  const day = (date: Date) =>
    `${date.toLocaleString("en-US", { weekday: "short", timeZone: "UTC" })} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
  const endYear = end.getUTCFullYear() === year ? "" : `, ${end.getUTCFullYear()}`;
  return endYear ? `${day(start)}, ${year} - ${day(end)}${endYear}` : `${day(start)} - ${day(end)}, ${year}`;
}

/** The windows of `year` from first to last: "Apr 2 - Apr 6, 2026 to Dec 31, 2026 - Jan 4, 2027". */
export function windowsSpan(first: string, last: string, year: number): string {
  const start = windowStart(last, year);
  const end = start && new Date(start.getTime() + 4 * DAY_MS);
  if (!end || end.getUTCFullYear() === year) return `${first} to ${last}, ${year}`;
  const [from, to] = last.split(" - ");
  return `${first}, ${year} to ${from}, ${year} - ${to}, ${end.getUTCFullYear()}`;
}

const SEASON_OF_MONTH = [
  "winter",
  "winter",
  "spring",
  "spring",
  "spring",
  "summer",
  "summer",
  "summer",
  "autumn",
  "autumn",
  "autumn",
  "winter",
] as const;

/**
 * The northern season a window starts in ("Dec 17 - Dec 21" → "winter"): the demo's event name follows
 * the weekend it plans, so a December demo never calls itself a summer get-together (issue 55).
 */
export function seasonOf(label: string): (typeof SEASON_OF_MONTH)[number] {
  const month = MONTHS.findIndex((name) => label.startsWith(name));
  return SEASON_OF_MONTH[month < 0 ? 7 : month];
}
