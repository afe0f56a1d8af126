import { describe, expect, it } from "vitest";
import {
  cameText,
  nextEditionName,
  previousEditionName,
  sameWeekendNextYear,
  windowDates,
  windowsSpan,
} from "~/features/season/lib/editions";
import { availabilityWindows } from "~/features/season/lib/weekends";

describe("the next edition", () => {
  it("moves the year in the name on", () => {
    expect(nextEditionName("SGW25", 2025)).toBe("SGW26");
    expect(nextEditionName("SGW26", 2026)).toBe("SGW27");
    expect(nextEditionName("SGW99", 2099)).toBe("SGW00");
    expect(nextEditionName("Summer Weekend 2025", 2025)).toBe("Summer Weekend 2026");
    expect(nextEditionName("Summer Weekend", 2025)).toBe("Summer Weekend 2026");
  });

  it("names the year before by the same rule", () => {
    expect(previousEditionName("SGW25", 2025)).toBe("SGW24");
    expect(previousEditionName("SGW00", 2100)).toBe("SGW99");
    expect(previousEditionName("Weekend 2026", 2026)).toBe("Weekend 2025");
    expect(previousEditionName("Weekend", 2026)).toBe("Weekend 2025");
  });

  it("plans the same weekend a year on, a window of the new year", () => {
    expect(sameWeekendNextYear("Aug 21 - Aug 25", 2025)).toBe("Aug 20 - Aug 24");
    expect(availabilityWindows(2026)).toContain("Aug 20 - Aug 24");
    expect(sameWeekendNextYear("Aug 20 - Aug 24", 2026)).toBe("Aug 19 - Aug 23");
    expect(sameWeekendNextYear("Apr 3 - Apr 7", 2025)).toBe("Apr 2 - Apr 6");
    expect(sameWeekendNextYear("nonsense", 2025)).toBe("Apr 2 - Apr 6");
  });

  it("writes a window's dates with weekdays and the year", () => {
    expect(windowDates("Aug 21 - Aug 25", 2025)).toBe("Thu Aug 21 - Mon Aug 25, 2025");
    expect(windowDates("Dec 31 - Jan 4", 2026)).toBe("Thu Dec 31, 2026 - Mon Jan 4, 2027");
  });

  it("gives the span of the windows their years where the last one crosses into the next", () => {
    const windows = availabilityWindows(2026);
    expect(windowsSpan(windows[0], windows.at(-1)!, 2026)).toBe(
      "Apr 2 - Apr 6, 2026 to Dec 31, 2026 - Jan 4, 2027",
    );
    expect(windowsSpan("Apr 3 - Apr 7", "Dec 25 - Dec 29", 2025)).toBe(
      "Apr 3 - Apr 7 to Dec 25 - Dec 29, 2025",
    );
  });
});

describe("who came", () => {
  it("says members and guests apart, in the singular where it is one", () => {
    expect(cameText(7, 5)).toBe("7 came: 5 members and 2 guests.");
    expect(cameText(1, 1)).toBe("1 came: 1 member, no guests.");
    expect(cameText(3, 2)).toBe("3 came: 2 members and 1 guest.");
    expect(cameText(0, 0)).toBe("Nobody said they came.");
  });
});
