import { describe, expect, it } from "vitest";
import { WINDOWS, availabilityWindows } from "./weekends";

describe("availability windows", () => {
  it("has the spec's 39 labels from Apr 3 - Apr 7 to Dec 25 - Dec 29", () => {
    expect(WINDOWS).toHaveLength(39);
    expect(WINDOWS[0]).toBe("Apr 3 - Apr 7");
    expect(WINDOWS[1]).toBe("Apr 10 - Apr 14");
    expect(WINDOWS[38]).toBe("Dec 25 - Dec 29");
  });

  it("steps weekly and reads across months", () => {
    expect(WINDOWS).toContain("May 29 - Jun 2");
    expect(WINDOWS).toContain("Aug 21 - Aug 25");
    expect(new Set(WINDOWS).size).toBe(39);
  });

  it("is a pure function of year and count", () => {
    expect(availabilityWindows(2025, 2)).toEqual(["Apr 3 - Apr 7", "Apr 10 - Apr 14"]);
  });
});
