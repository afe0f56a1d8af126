/**
 * When a trip sheet was rendered, as the sheet says it ("Saved Friday 12 July, 14:02"): a copy kept
 * on a phone cannot pass for today's (issue 56). In the event's time zone, like every time it shows.
 */
export function savedStamp(instant: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: zone,
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((found) => found.type === type)?.value ?? "";
  return `Saved ${part("weekday")} ${part("day")} ${part("month")}, ${part("hour")}:${part("minute")}`;
}
