/** Getting there: arrivals and departures, how people come, and the groups the page shows. */

export const PARTS = ["morning", "afternoon", "evening", "time"] as const;
export type Part = (typeof PARTS)[number];
export const HOWS = ["driving", "ride", "flying", "other"] as const;
export type How = (typeof HOWS)[number];
export const HOW_LABELS: Record<How, string> = {
  driving: "Driving",
  ride: "Needs a ride",
  flying: "Flying",
  other: "Other",
};
export const TRAVEL_LIMITS = { from: 120, airport: 60, maxSeats: 20, marginDays: 3 } as const;

export type TravelValues = {
  arrivalDay: string;
  arrivalPart: string;
  arrivalTime: string;
  departureDay: string;
  departurePart: string;
  departureTime: string;
  fromPlace: string;
  how: string;
  seats: string;
  airport: string;
};

export type Travel = {
  arrivalDay: string;
  arrivalPart: Part;
  arrivalTime: string;
  departureDay: string;
  departurePart: Part;
  departureTime: string;
  fromPlace: string;
  how: How;
  seats: number;
  airport: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The days one may arrive or leave: the weekend and three days either side, as YYYY-MM-DD (UTC). */
export function travelDays(weekend: { start: Date; end: Date }): string[] {
  const days: string[] = [];
  const first = weekend.start.getTime() - TRAVEL_LIMITS.marginDays * DAY_MS;
  const last = weekend.end.getTime() + TRAVEL_LIMITS.marginDays * DAY_MS;
  for (let at = first; at <= last; at += DAY_MS) days.push(iso(new Date(at)));
  return days;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Thu Aug 21" for 2025-08-21, read as a calendar date so no time zone moves it. */
export function dayLabel(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** "Thu Aug 21, evening" or "Thu Aug 21, 18:30". */
export function whenLabel(day: string, part: Part, time: string) {
  return `${dayLabel(day)}, ${part === "time" ? time : part}`;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Checks a posted travel form: one message per refused field, nothing kept half. */
export function parseTravel(
  values: TravelValues,
  days: readonly string[],
): { travel: Travel; fieldErrors?: undefined } | { travel?: undefined; fieldErrors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const first = days[0];
  const last = days.at(-1);
  const range = `between ${dayLabel(first)} and ${dayLabel(last ?? first)}`;
  for (const which of ["arrival", "departure"] as const) {
    const day = values[`${which}Day`];
    const part = values[`${which}Part`];
    const time = values[`${which}Time`].trim();
    if (!days.includes(day)) errors[`${which}Day`] = `Choose a day ${range}.`;
    if (!PARTS.includes(part as Part))
      errors[`${which}Part`] = "Choose morning, afternoon, evening or a time.";
    else if (part === "time" && !TIME.test(time))
      errors[`${which}Time`] = "Give the time as HH:MM, e.g. 18:30.";
  }
  if (!errors.arrivalDay && !errors.departureDay && values.departureDay < values.arrivalDay) {
    errors.departureDay = "The departure can't be before the arrival.";
  }
  const fromPlace = values.fromPlace.trim();
  if (fromPlace.length > TRAVEL_LIMITS.from) errors.fromPlace = `At most ${TRAVEL_LIMITS.from} characters.`;
  const how = values.how as How;
  if (!HOWS.includes(how)) errors.how = "Choose how you come.";
  let seats = 0;
  if (how === "driving") {
    const text = values.seats.trim();
    seats = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(seats) || seats < 0 || seats > TRAVEL_LIMITS.maxSeats)
      errors.seats = `Free seats: a whole number from 0 to ${TRAVEL_LIMITS.maxSeats}.`;
  }
  const airport = values.airport.trim();
  if (how === "flying" && !airport) errors.airport = "Which airport do you land at?";
  if (airport.length > TRAVEL_LIMITS.airport) errors.airport = `At most ${TRAVEL_LIMITS.airport} characters.`;
  if (Object.keys(errors).length) return { fieldErrors: errors };
  const timeOf = (which: "arrival" | "departure") =>
    values[`${which}Part`] === "time" ? values[`${which}Time`].trim() : "";
  return {
    travel: {
      arrivalDay: values.arrivalDay,
      arrivalPart: values.arrivalPart as Part,
      arrivalTime: timeOf("arrival"),
      departureDay: values.departureDay,
      departurePart: values.departurePart as Part,
      departureTime: timeOf("departure"),
      fromPlace,
      how,
      seats: how === "driving" ? seats : 0,
      airport: how === "flying" ? airport : "",
    },
  };
}

export type RideStatus = "pending" | "accepted" | "declined";
export type TravelRow = Travel & { userId: number; name: string; seatsTaken: number };
export type RideRow = { id: number; riderId: number; driverId: number; status: RideStatus };

const PART_ORDER: Record<Part, string> = { morning: "09:00", afternoon: "14:00", evening: "19:00", time: "" };
const sortKey = (row: Travel) => `${row.arrivalDay} ${row.arrivalTime || PART_ORDER[row.arrivalPart]}`;

/**
 * What the page groups: drivers with their free seats and riders, who still needs a ride, and
 * arrivals per airport by time (to share a taxi).
 */
export function groupTravel(rows: readonly TravelRow[], rides: readonly RideRow[]) {
  const name = (userId: number) => rows.find((row) => row.userId === userId)?.name ?? "Someone";
  const accepted = rides.filter((ride) => ride.status === "accepted");
  const drivers = rows
    .filter((row) => row.how === "driving")
    .map((row) => ({
      ...row,
      free: Math.max(0, row.seats - row.seatsTaken),
      riders: accepted.filter((ride) => ride.driverId === row.userId).map((ride) => name(ride.riderId)),
    }))
    .sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
  const riding = new Set(accepted.map((ride) => ride.riderId));
  const needRide = rows.filter((row) => row.how === "ride" && !riding.has(row.userId));
  const airports = new Map<string, TravelRow[]>();
  for (const row of rows.filter((candidate) => candidate.how === "flying")) {
    const key = row.airport.toUpperCase();
    airports.set(key, [...(airports.get(key) ?? []), row]);
  }
  return {
    drivers,
    needRide,
    airports: [...airports.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, arrivals]) => ({
        airport: arrivals[0].airport,
        arrivals: [...arrivals].sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
      })),
  };
}
