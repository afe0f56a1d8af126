import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { eventCalendar } from "~/features/season/lib/calendar";
import { DEFAULT_EVENT_SETTINGS } from "~/features/season/lib/event-settings";

function parseEvent(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent("vevent");
  if (!event) throw new Error("no VEVENT");
  return { calendar, event, parsed: new ICAL.Event(event) };
}

describe("eventCalendar", () => {
  it("is an all-day event Thu Aug 21 to Mon Aug 25, 2025 with an exclusive end and a link back", () => {
    const text = eventCalendar({ appUrl: "https://sgw25.example.org/", decided: true });
    const { calendar, event, parsed } = parseEvent(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
    expect(parsed.summary).toBe("SGW25");
    expect(parsed.startDate.isDate).toBe(true);
    expect(parsed.startDate.toString()).toBe("2025-08-21");
    expect(parsed.endDate.isDate).toBe(true);
    expect(parsed.endDate.toString()).toBe("2025-08-26");
    expect(parsed.uid).toBe("sgw25-weekend@sgw25-planner");
    expect(event.getFirstPropertyValue("dtstamp")).toBeTruthy();
    expect(event.getFirstPropertyValue("url")).toBe("https://sgw25.example.org/sgw25");
    expect(parsed.location).toBeNull();
    expect(text).toContain("\r\n");
    expect(text).toMatch(/DTSTART;VALUE=DATE:20250821/);
    expect(text).toMatch(/DTEND;VALUE=DATE:20250826/);
  });

  it("is tentative for a plan and confirmed once the season is decided", () => {
    const status = (decided: boolean) =>
      parseEvent(eventCalendar({ appUrl: "http://x", decided })).event.getFirstPropertyValue("status");
    expect(status(false)).toBe("TENTATIVE");
    expect(status(true)).toBe("CONFIRMED");
  });

  it("carries the chosen house as the location, escaped", () => {
    const { parsed } = parseEvent(
      eventCalendar({
        appUrl: "http://localhost:3000",
        location: "Lakeside Lodge, Lake Placid, NY; USA",
        decided: true,
      }),
    );
    expect(parsed.location).toBe("Lakeside Lodge, Lake Placid, NY; USA");
  });
});

describe("eventCalendar's text", () => {
  it("folds at 75 octets, never inside a UTF-8 character, and reads back the same", () => {
    const location = "Château Éléphant 🐘 Ærøskøbing, Ålesund — ".repeat(6) + "日本の家";
    const text = eventCalendar({ appUrl: "http://localhost:3000", location, decided: true });
    for (const line of text.split("\r\n")) {
      expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
      expect(line).not.toContain("\uFFFD");
    }
    expect(parseEvent(text).parsed.location).toBe(location.trim());
  });

  it("lets no carriage return or control character from a house title into the file", () => {
    const location = "Cabin\rATTENDEE:mailto:evil@example.com\u0007\r\nX-INJECTED:1";
    const text = eventCalendar({ appUrl: "http://localhost:3000", location, decided: true });
    // Every CR is part of a CRLF line end, and no line starts a property the title smuggled in.
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(text.split("\r\n").some((line) => /^(ATTENDEE|X-INJECTED)/.test(line))).toBe(false);
    const { event } = parseEvent(text);
    expect(event.getAllProperties("attendee")).toEqual([]);
    expect(parseEvent(text).parsed.location).toBe("Cabin ATTENDEE:mailto:evil@example.com X-INJECTED:1");
  });
});

describe("eventCalendar with settings", () => {
  it("follows the chosen weekend and name, keeps the UID, and carries the announcement's sequence", () => {
    const event = { ...DEFAULT_EVENT_SETTINGS, plannedWeekend: "Aug 28 - Sep 1", shortName: "Retreat" };
    const { parsed, event: vevent } = parseEvent(
      eventCalendar({ appUrl: "http://x", event, sequence: 2, decided: true }),
    );
    expect(parsed.summary).toBe("Retreat");
    expect(parsed.startDate.toString()).toBe("2025-08-28");
    expect(parsed.endDate.toString()).toBe("2025-09-02");
    expect(parsed.uid).toBe("sgw25-weekend@sgw25-planner");
    expect(vevent.getFirstPropertyValue("sequence")).toBe(2);
  });
});
