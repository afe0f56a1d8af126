import { describe, expect, it } from "vitest";
import { savedStamp } from "./sheet-stamp";

describe("savedStamp", () => {
  it("says the day and the time in the event's time zone", () => {
    expect(savedStamp(new Date("2025-07-12T12:02:00Z"), "Europe/Amsterdam")).toBe(
      "Saved Saturday 12 July, 14:02",
    );
    expect(savedStamp(new Date("2025-07-12T02:05:00Z"), "America/New_York")).toBe(
      "Saved Friday 11 July, 22:05",
    );
  });

  it("writes midnight as 00, never 24", () => {
    expect(savedStamp(new Date("2025-07-12T00:00:00Z"), "UTC")).toBe("Saved Saturday 12 July, 00:00");
  });
});
