import { describe, expect, it } from "vitest";
import { WINDOWS, availabilityWindows } from "~/features/season/lib/weekends";

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

  it("gives 2025 exactly the spec's list, Thursday to Monday every week", () => {
    const spec: string[] = [];
    for (let week = 0; week < 39; week += 1) {
      const start = new Date(Date.UTC(2025, 3, 3 + 7 * week));
      const end = new Date(Date.UTC(2025, 3, 7 + 7 * week));
      const fmt = (d: Date) =>
        `${d.toLocaleString("en-US", { month: "short", timeZone: "UTC" })} ${d.getUTCDate()}`;
      spec.push(`${fmt(start)} - ${fmt(end)}`);
    }
    expect(availabilityWindows(2025)).toEqual(spec);
  });

  it("starts on the first Thursday of April and ends on the last Thursday of December", () => {
    const y2026 = availabilityWindows(2026);
    expect(y2026[0]).toBe("Apr 2 - Apr 6");
    // Dec 31, 2026 is a Thursday: its window runs into the next year.
    expect(y2026.at(-1)).toBe("Dec 31 - Jan 4");
    expect(y2026).toHaveLength(40);
    const y2027 = availabilityWindows(2027);
    expect(y2027[0]).toBe("Apr 1 - Apr 5");
    expect(y2027.at(-1)).toBe("Dec 30 - Jan 3");
    // April 1 a Friday: the first Thursday is the 7th.
    expect(availabilityWindows(2022)[0]).toBe("Apr 7 - Apr 11");
    expect(availabilityWindows(2022).at(-1)).toBe("Dec 29 - Jan 2");
  });
});
