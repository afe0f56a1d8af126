/**
 * "2025-06-01" → "June 1, 2025": a calendar day (a due date, a payment's day) as people write it.
 * The day is read as a date, not an instant, so no time zone moves it; anything that is not a
 * YYYY-MM-DD day comes back as it was.
 */
export function formatDay(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(day.getTime()) || day.getUTCDate() !== Number(match[3])) return iso;
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(day);
}
