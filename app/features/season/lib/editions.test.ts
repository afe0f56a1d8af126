import { describe, expect, it } from "vitest";
import {
  addDays,
  cameText,
  seasonOf,
  editionHappened,
  firstEditionYear,
  nextEditionName,
  nextEditionYear,
  weekendAbout,
  weekendAhead,
  weekendToPlan,
  windowsAhead,
  previousEditionName,
  sameWeekendNextYear,
  windowDates,
  windowsSpan,
} from "~/features/season/lib/editions";
import { availabilityWindows, defaultWeekend } from "~/features/season/lib/weekends";

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
    // Closed once its weekend was over: it came; closed before (or during) it: only said they would.
    expect(cameText(3, 3, "over")).toBe("3 came: 3 members, no guests.");
    expect(cameText(3, 3, "announced")).toBe("3 said they would come: 3 members, no guests.");
    expect(cameText(4, 3, "weekend")).toBe("4 said they would come: 3 members and 1 guest.");
    expect(cameText(0, 0, "planned")).toBe("Nobody said they would come.");
  });
});

describe("a weekend ahead of today", () => {
  it("is one that starts after today: the day before and on its first day tell it apart", () => {
    expect(weekendAhead("Aug 21 - Aug 25", 2025, "2025-08-20")).toBe(true);
    expect(weekendAhead("Aug 21 - Aug 25", 2025, "2025-08-21")).toBe(false);
    expect(weekendAhead("Aug 21 - Aug 25", 2025, "2025-08-26")).toBe(false);
    expect(weekendAhead("not a window", 2025, "2000-01-01")).toBe(false);
  });

  it("leaves only the windows still ahead, none once the year is over", () => {
    expect(windowsAhead(2026, "2026-11-29")).toEqual([
      "Dec 3 - Dec 7",
      "Dec 10 - Dec 14",
      "Dec 17 - Dec 21",
      "Dec 24 - Dec 28",
      "Dec 31 - Jan 4",
    ]);
    expect(windowsAhead(2026, "2026-12-31")).toEqual([]);
    expect(windowsAhead(2026, "2026-01-01")).toEqual(availabilityWindows(2026));
  });

  it("makes the first edition the spec's year while its weekend is ahead, then the next year's", () => {
    // Before, on and after the spec's weekend (Thu Aug 21, 2025).
    expect(firstEditionYear(2025, "2025-06-01")).toBe(2025);
    expect(firstEditionYear(2025, "2025-08-20")).toBe(2025);
    expect(firstEditionYear(2025, "2025-08-21")).toBe(2026);
    expect(firstEditionYear(2025, "2025-09-01")).toBe(2026);
    // The machine's day in issue 55: August 2026 has passed, so SGW27 in August 2027.
    expect(firstEditionYear(2025, "2026-11-29")).toBe(2027);
    expect(defaultWeekend(2027)).toBe("Aug 19 - Aug 23");
    expect(nextEditionName("SGW25", 2025, 2027)).toBe("SGW27");
    // A leap year: 2028's default weekend starts on Thu Aug 24 (Feb 29 shifts nothing in August).
    expect(defaultWeekend(2028)).toBe("Aug 24 - Aug 28");
    expect(firstEditionYear(2025, "2028-02-29")).toBe(2028);
    expect(firstEditionYear(2025, "2028-08-23")).toBe(2028);
    expect(firstEditionYear(2025, "2028-08-24")).toBe(2029);
  });

  it("plans the next edition in a year with a weekend ahead, preselecting one that is ahead", () => {
    // Before the next year's default weekend: the default, a year on.
    expect(nextEditionYear(2025, "2025-09-01")).toBe(2026);
    expect(weekendToPlan(2026, "2025-09-01")).toBe("Aug 20 - Aug 24");
    // After it, in the same year: the next year still, with its first weekend still ahead.
    expect(nextEditionYear(2025, "2026-11-29")).toBe(2026);
    expect(weekendToPlan(2026, "2026-11-29")).toBe("Dec 3 - Dec 7");
    // On the first day of a weekend, that one is no longer offered.
    expect(weekendToPlan(2026, "2026-08-20")).toBe("Aug 27 - Aug 31");
    // Once the next year is over, the first year whose default weekend is ahead.
    expect(nextEditionYear(2025, "2027-01-02")).toBe(2027);
    expect(nextEditionYear(2025, "2027-08-19")).toBe(2028);
    expect(weekendToPlan(2028, "2027-08-19")).toBe("Aug 24 - Aug 28");
  });
});

describe("an edition that happened", () => {
  const skipped = {
    phase: "planned" as const,
    came: 0,
    house: null,
    weekends: { counts: [], respondents: 0 },
  };
  it("is one that was decided, had a house chosen or any answer; a skipped one is none of these", () => {
    expect(editionHappened(skipped)).toBe(false);
    expect(editionHappened({ ...skipped, phase: "over" })).toBe(true);
    expect(editionHappened({ ...skipped, phase: "decided" })).toBe(true);
    expect(editionHappened({ ...skipped, weekends: { counts: [], respondents: 2 } })).toBe(true);
    expect(editionHappened({ ...skipped, came: 3 })).toBe(true);
    const house = { id: 1, title: "A", city: "B", state: "", country: "C", listing_img: "" };
    expect(editionHappened({ ...skipped, house })).toBe(true);
    // Archived before the phase was frozen: read from its answers alone.
    expect(editionHappened({ came: 0, house: null, weekends: { counts: [], respondents: 0 } })).toBe(false);
  });
});

describe("the demo's weekend", () => {
  it("is the first window at least three weeks ahead, whatever the day", () => {
    expect(addDays("2026-11-29", 21)).toBe("2026-12-20");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(weekendAbout("2026-11-29", 21)).toEqual({ year: 2026, label: "Dec 24 - Dec 28" });
    expect(weekendAbout("2025-08-01", 21)).toEqual({ year: 2025, label: "Aug 28 - Sep 1" });
    // Late in December the year has none left: the next one's first, early April.
    expect(weekendAbout("2026-12-20", 21)).toEqual({ year: 2027, label: "Apr 1 - Apr 5" });
    // In the winter gap, early April's; in a leap year too.
    expect(weekendAbout("2028-02-29", 21)).toEqual({ year: 2028, label: "Apr 6 - Apr 10" });
    // Exactly three weeks ahead counts.
    expect(weekendAbout("2026-11-26", 21)).toEqual({ year: 2026, label: "Dec 17 - Dec 21" });
  });
});

describe("seasonOf", () => {
  it("names the northern season a window starts in", () => {
    expect(seasonOf("Aug 21 - Aug 25")).toBe("summer");
    expect(seasonOf("Dec 17 - Dec 21")).toBe("winter");
    expect(seasonOf("Dec 31 - Jan 4")).toBe("winter");
    expect(seasonOf("Mar 5 - Mar 9")).toBe("spring");
    expect(seasonOf("Oct 1 - Oct 5")).toBe("autumn");
  });
});
