import { describe, expect, it } from "vitest";
import {
  DEFAULT_EVENT_SETTINGS,
  calendarUid,
  homeWeekend,
  weekendLong,
  weekendRange,
} from "~/features/season/lib/event-settings";
import { eventFactsSchema, readStoredSettings } from "~/features/season/lib/event-settings-schema";

describe("event settings", () => {
  it("defaults to the spec's facts", () => {
    expect(readStoredSettings(undefined)).toEqual(DEFAULT_EVENT_SETTINGS);
    expect(homeWeekend(DEFAULT_EVENT_SETTINGS)).toBe("August 22-26");
    expect(weekendLong(DEFAULT_EVENT_SETTINGS.plannedWeekend, 2025)).toBe("Thursday Aug 21 to Monday Aug 25");
    expect(calendarUid(DEFAULT_EVENT_SETTINGS)).toBe("sgw25-weekend@sgw25-planner");
  });

  it("says a chosen weekend the same way on both pages, also across months", () => {
    const chosen = readStoredSettings({ plannedWeekend: "Aug 28 - Sep 1" });
    expect(chosen.weekendChosen).toBe(true);
    expect(homeWeekend(chosen)).toBe("August 28 - September 1");
    expect(weekendLong("Aug 28 - Sep 1", 2025)).toBe("Thursday Aug 28 to Monday Sep 1");
    expect(weekendRange("Aug 21 - Aug 25", 2025)).toBe("August 21-25");
  });

  it("says a later edition's own planned weekend on the home page, chosen or not", () => {
    const next = readStoredSettings({ year: 2026 });
    expect(next.weekendChosen).toBe(false);
    expect(homeWeekend(next)).toBe(weekendRange(next.plannedWeekend, 2026));
    expect(homeWeekend(next)).toBe("August 20-24");
  });

  it("reads a weekend stored as a plan (starting an edition) as not chosen, and one chosen as chosen", () => {
    const plan = readStoredSettings({ year: 2026, plannedWeekend: "Sep 17 - Sep 21", weekendChosen: false });
    expect(plan).toMatchObject({ plannedWeekend: "Sep 17 - Sep 21", weekendChosen: false });
    expect(homeWeekend(plan)).toBe("September 17-21");
    const chosen = { year: 2026, plannedWeekend: "Sep 17 - Sep 21" };
    expect(readStoredSettings({ ...chosen, weekendChosen: true }).weekendChosen).toBe(true);
    // Stored before the flag existed: a stored weekend was always the organiser's choice.
    expect(readStoredSettings(chosen).weekendChosen).toBe(true);
  });

  it("ignores stored values that do not validate, one by one", () => {
    const read = readStoredSettings({
      plannedWeekend: "Aug 22 - Aug 26",
      shortName: "",
      chatUrl: "data:text/html,hi",
      expectedMin: 3,
    });
    expect(read).toEqual({ ...DEFAULT_EVENT_SETTINGS, expectedMin: 3 });
    expect(readStoredSettings({ expectedMin: 13, expectedMax: 12 })).toMatchObject({
      expectedMin: 8,
      expectedMax: 12,
    });
  });

  it("validates the organiser's form with messages naming the field", () => {
    const bad = eventFactsSchema.safeParse({
      name: " ",
      shortName: "X".repeat(21),
      expectedMin: "9",
      expectedMax: "4",
      chatUrl: "ftp://x",
    });
    expect(bad.success).toBe(false);
    const messages = bad.success ? [] : bad.error.issues.map((issue) => issue.message);
    expect(messages).toContain("Event name is required");
    expect(messages).toContain("Short name must be at most 20 characters");
    expect(messages).toContain("Chat link must be an http:// or https:// link");
    const order = eventFactsSchema.safeParse({
      name: "a",
      shortName: "b",
      expectedMin: "9",
      expectedMax: "4",
    });
    expect(order.success ? "" : order.error.issues[0].message).toBe(
      "Expected at most must not be less than expected at least",
    );
    expect(
      eventFactsSchema.parse({ name: " a ", shortName: "b", expectedMin: "1", expectedMax: "2" }),
    ).toEqual({
      name: "a",
      shortName: "b",
      expectedMin: 1,
      expectedMax: 2,
      chatUrl: "",
    });
  });
});
