const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export const WINDOW_COUNT = 39;

function label(date: Date) {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/**
 * The spec's availability windows: five days (Thursday to Monday) in weekly steps, from
 * 'Apr 3 - Apr 7' to 'Dec 25 - Dec 29' of 2025. Computed in UTC so no time zone shifts a day.
 */
export function availabilityWindows(year = 2025, count = WINDOW_COUNT): string[] {
  const first = Date.UTC(year, 3, 3);
  const day = 24 * 60 * 60 * 1000;
  return Array.from({ length: count }, (_, week) => {
    const start = new Date(first + week * 7 * day);
    const end = new Date(start.getTime() + 4 * day);
    return `${label(start)} - ${label(end)}`;
  });
}

export const WINDOWS: readonly string[] = availabilityWindows();
