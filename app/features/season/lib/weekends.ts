const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY_MS = 24 * 60 * 60 * 1000;
const THURSDAY = 4;

function label(date: Date) {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/**
 * A year's availability windows: five days, Thursday to Monday, in weekly steps from the first
 * Thursday of April to the last Thursday of December (for 2025 the spec's 39, 'Apr 3 - Apr 7' to
 * 'Dec 25 - Dec 29'). Computed in UTC so no time zone shifts a day.
 */
export function availabilityWindows(year: number): string[] {
  const april = new Date(Date.UTC(year, 3, 1));
  const first = april.getTime() + ((THURSDAY - april.getUTCDay() + 7) % 7) * DAY_MS;
  const lastStart = Date.UTC(year, 11, 31);
  const windows: string[] = [];
  for (let start = first; start <= lastStart; start += 7 * DAY_MS) {
    windows.push(`${label(new Date(start))} - ${label(new Date(start + 4 * DAY_MS))}`);
  }
  return windows;
}

/**
 * A year's default weekend, the one an edition plans until the organiser picks another: the 21st
 * window, which starts on the third or fourth Thursday of August (the spec's Aug 21 - Aug 25 in 2025).
 */
export function defaultWeekend(year: number): string {
  return availabilityWindows(year)[20];
}

/** The 2025 edition's windows: the spec's list, and the default wherever no edition is given. */
export const WINDOWS: readonly string[] = availabilityWindows(2025);
