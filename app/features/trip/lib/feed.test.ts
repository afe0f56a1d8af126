import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { eventCalendar } from "~/features/season/lib/calendar";
import { DEFAULT_EVENT_SETTINGS } from "~/features/season/lib/event-settings";
import { feedFingerprint, nextSequence, tripFeed, type FeedInput } from "~/features/trip/lib/feed";

const input: FeedInput = {
  appUrl: "https://sgw.example.org",
  event: { ...DEFAULT_EVENT_SETTINGS, weekendChosen: true },
  location: "Lakeside Lodge, Lake Placid, NY",
  userId: 7,
  arrival: { day: "2025-08-20", part: "evening", time: "" },
  departure: { day: "2025-08-25", part: "time", time: "23:30" },
  sequence: 2,
};

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((event) => new ICAL.Event(event));
}

describe("tripFeed", () => {
  it("is valid iCalendar: the weekend with /sgw25.ics's UID and the member's own arrival and departure", () => {
    const text = tripFeed(input);
    const [weekend, arrival, departure] = events(text);
    const served = events(eventCalendar({ appUrl: input.appUrl, event: input.event, decided: true }))[0];
    expect(weekend.uid).toBe(served.uid);
    expect(weekend.startDate.toString()).toBe("2025-08-21");
    expect(weekend.endDate.toString()).toBe("2025-08-26");
    expect(weekend.location).toBe("Lakeside Lodge, Lake Placid, NY");
    expect(arrival.summary).toBe("Arrive at SGW25 (Wed Aug 20, evening)");
    expect(arrival.startDate.toString()).toBe("2025-08-20");
    expect(departure.summary).toBe("Leave SGW25 (Mon Aug 25, 23:30)");
    expect(departure.uid).toBe("sgw25-departure-7@sgw25-planner");
    for (const event of [weekend, arrival, departure]) {
      expect(event.startDate.isDate).toBe(true);
      expect(event.sequence).toBe(2);
    }
  });

  it("keeps all-day dates whatever the process's time zone", () => {
    const zone = process.env.TZ;
    const texts = ["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"].map((tz) => {
      process.env.TZ = tz;
      return tripFeed(input).replace(/DTSTAMP:\S+/g, "");
    });
    process.env.TZ = zone;
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]).toMatch(/DTSTART;VALUE=DATE:20250821/);
    expect(texts[0]).toMatch(/DTSTART;VALUE=DATE:20250820/);
    expect(texts[0]).not.toMatch(/DTSTART:\d{8}T/);
  });

  it("has only the weekend before the member gives times", () => {
    expect(events(tripFeed({ ...input, arrival: null, departure: null }))).toHaveLength(1);
  });
});

describe("nextSequence", () => {
  it("grows when the weekend, the house or the member's times change, and only then", () => {
    const first = feedFingerprint(input);
    expect(nextSequence(null, first)).toBe(0);
    expect(nextSequence({ fingerprint: first, sequence: 3 }, first)).toBe(3);
    for (const changed of [
      { ...input, event: { ...input.event, plannedWeekend: "Aug 28 - Sep 1" } },
      { ...input, location: "Cabin by the Falls, Muskoka, ON" },
      { ...input, arrival: { day: "2025-08-21", part: "morning" as const, time: "" } },
    ]) {
      expect(nextSequence({ fingerprint: first, sequence: 3 }, feedFingerprint(changed))).toBe(4);
    }
    expect(nextSequence({ fingerprint: first, sequence: 1 }, first, 5)).toBe(5);
  });
});
