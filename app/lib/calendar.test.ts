import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { eventCalendar } from "./calendar";

function parseEvent(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent("vevent");
  if (!event) throw new Error("no VEVENT");
  return { calendar, event, parsed: new ICAL.Event(event) };
}

describe("eventCalendar", () => {
  it("is an all-day event Thu Aug 21 to Mon Aug 25, 2025 with an exclusive end and a link back", () => {
    const text = eventCalendar({ appUrl: "https://sgw25.example.org/" });
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

  it("carries the chosen house as the location, escaped", () => {
    const { parsed } = parseEvent(
      eventCalendar({ appUrl: "http://localhost:3000", location: "Lakeside Lodge, Lake Placid, NY; USA" }),
    );
    expect(parsed.location).toBe("Lakeside Lodge, Lake Placid, NY; USA");
  });
});
