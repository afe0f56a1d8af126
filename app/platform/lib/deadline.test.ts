import { describe, expect, it } from "vitest";
import {
  deadlineFromInput,
  deadlineRefusal,
  deadlineInputValues,
  formatDeadline,
  formatShortTime,
  isSurveyClosed,
  isValidTimeZone,
  parseStoredDeadline,
  surveyClosedMessage,
} from "~/platform/lib/deadline";

const NY = "America/New_York";

describe("deadlineFromInput", () => {
  it("reads the wall clock in the event's zone (EDT in summer, EST in winter)", () => {
    expect(deadlineFromInput("2025-08-01", "18:00", NY)?.toISOString()).toBe("2025-08-01T22:00:00.000Z");
    expect(deadlineFromInput("2025-01-15", "09:30", NY)?.toISOString()).toBe("2025-01-15T14:30:00.000Z");
    expect(deadlineFromInput("2025-08-01", "18:00", "UTC")?.toISOString()).toBe("2025-08-01T18:00:00.000Z");
    expect(deadlineFromInput("2025-08-01", "18:00", "Asia/Tokyo")?.toISOString()).toBe(
      "2025-08-01T09:00:00.000Z",
    );
  });

  it("handles the days the clocks change", () => {
    // 2025-03-09 02:00 EST jumps to 03:00 EDT; 2025-11-02 02:00 EDT falls back to 01:00 EST.
    expect(deadlineFromInput("2025-03-09", "01:30", NY)?.toISOString()).toBe("2025-03-09T06:30:00.000Z");
    expect(deadlineFromInput("2025-03-09", "03:30", NY)?.toISOString()).toBe("2025-03-09T07:30:00.000Z");
    expect(deadlineFromInput("2025-11-02", "03:00", NY)?.toISOString()).toBe("2025-11-02T08:00:00.000Z");
  });

  it("refuses what is not a date and a time", () => {
    expect(deadlineFromInput("", "18:00", NY)).toBeNull();
    expect(deadlineFromInput("2025-02-30", "18:00", NY)).toBeNull();
    expect(deadlineFromInput("2025-08-01", "24:00", NY)).toBeNull();
    expect(deadlineFromInput("2025-08-01", "6pm", NY)).toBeNull();
  });

  it("round-trips through the form's values", () => {
    const instant = deadlineFromInput("2025-08-01", "18:05", NY)!;
    expect(deadlineInputValues(instant, NY)).toEqual({ date: "2025-08-01", time: "18:05" });
  });
});

describe("isSurveyClosed", () => {
  const deadline = new Date("2025-08-01T22:00:00.000Z");
  it("is open before, closed at and after the deadline, and open without one", () => {
    expect(isSurveyClosed(deadline, new Date(deadline.getTime() - 1))).toBe(false);
    expect(isSurveyClosed(deadline, deadline)).toBe(true);
    expect(isSurveyClosed(deadline, new Date(deadline.getTime() + 1))).toBe(true);
    expect(isSurveyClosed(null, new Date())).toBe(false);
  });
});

describe("formatDeadline and the closed message", () => {
  it("names the date and time in the event's zone", () => {
    const deadline = new Date("2025-08-01T22:00:00.000Z");
    expect(formatDeadline(deadline, NY)).toBe("Friday, August 1, 2025 at 6:00 PM EDT");
    expect(formatDeadline(deadline, "UTC")).toBe("Friday, August 1, 2025 at 10:00 PM UTC");
    expect(surveyClosedMessage(deadline, NY)).toBe(
      "The survey closed on Friday, August 1, 2025 at 6:00 PM EDT.",
    );
  });
});

describe("settings values", () => {
  it("reads a stored instant and ignores junk", () => {
    expect(parseStoredDeadline("2025-08-01T22:00:00.000Z")?.getTime()).toBe(Date.UTC(2025, 7, 1, 22));
    expect(parseStoredDeadline("soon")).toBeNull();
    expect(parseStoredDeadline(undefined)).toBeNull();
  });

  it("knows a time zone from a typo", () => {
    expect(isValidTimeZone(NY)).toBe(true);
    expect(isValidTimeZone("America/Nowhere")).toBe(false);
  });
});

describe("formatShortTime", () => {
  it("is short enough for a table column", () => {
    expect(formatShortTime(new Date("2025-07-01T22:00:00Z"), "America/New_York")).toBe(
      "Jul 1, 2025, 6:00 PM",
    );
  });
});

describe("deadlineRefusal", () => {
  const now = new Date("2025-06-01T12:00:00Z");
  const weekend = { start: new Date("2025-08-21T04:00:00Z"), text: "Thursday Aug 21 to Monday Aug 25" };

  it("takes a deadline ahead of now and before the weekend starts", () => {
    expect(deadlineRefusal(new Date("2025-08-01T22:00:00Z"), now, weekend)).toBeNull();
  });

  it("refuses a deadline at or before now, pointing to the close-now button", () => {
    for (const past of [now, new Date("2020-01-01T17:00:00Z")]) {
      expect(deadlineRefusal(past, now, weekend)).toBe(
        "That time has already passed. To close the survey at once, use “Close the survey now”.",
      );
    }
  });

  it("refuses a deadline once the weekend has started, or after it", () => {
    for (const late of [weekend.start, new Date("2025-08-23T12:00:00Z"), new Date("2099-07-01T22:00:00Z")]) {
      expect(deadlineRefusal(late, now, weekend)).toBe(
        "The deadline must be before the weekend starts (Thursday Aug 21 to Monday Aug 25).",
      );
    }
  });

  it("takes any future deadline once the weekend is over (the next edition's survey)", () => {
    const later = new Date("2026-11-25T10:00:00Z");
    expect(deadlineRefusal(new Date("2027-06-01T22:00:00Z"), later, weekend)).toBeNull();
  });
});
