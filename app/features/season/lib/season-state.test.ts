import { describe, expect, it } from "vitest";
import { weekendDays } from "~/features/season/lib/event-settings";
import { dayIn, seasonState, type SeasonFacts } from "~/features/season/lib/season-state";

const ZONE = "America/New_York";
const weekend = weekendDays("Aug 21 - Aug 25", 2025)!;
const facts = (change: Partial<SeasonFacts> = {}): SeasonFacts => ({
  archived: false,
  weekend,
  weekendChosen: true,
  houseChosen: true,
  announced: false,
  now: new Date("2025-07-01T12:00:00Z"),
  timeZone: ZONE,
  ...change,
});
const phase = (change: Partial<SeasonFacts> = {}) => seasonState(facts(change)).phase;

describe("the season state", () => {
  it("is planned without a weekend, with a planned weekend only, and when decided without a house", () => {
    expect(phase({ weekend: null, weekendChosen: false, houseChosen: false })).toBe("planned");
    expect(phase({ weekendChosen: false, houseChosen: false })).toBe("planned");
    expect(phase({ weekendChosen: true, houseChosen: false })).toBe("planned");
    expect(phase({ weekendChosen: false, houseChosen: true })).toBe("planned");
    // A chosen label that is not one of the year's windows has no days: nothing to decide on.
    expect(phase({ weekend: null })).toBe("planned");
    expect(seasonState(facts({ houseChosen: false }))).toEqual({
      phase: "planned",
      decided: false,
      weekendChosen: true,
      houseChosen: false,
    });
  });

  it("is decided with the weekend and the house, announced once the round went out", () => {
    expect(seasonState(facts())).toMatchObject({ phase: "decided", decided: true });
    expect(seasonState(facts({ announced: true }))).toMatchObject({ phase: "announced", decided: true });
    // An announcement of a plan (an older round) does not decide anything.
    expect(phase({ announced: true, houseChosen: false })).toBe("planned");
  });

  it("is the weekend from its first day to its last in the event's time zone, then over", () => {
    // 2025-08-21 00:30 in New York is 04:30 UTC; at 03:59 UTC it is still the 20th there.
    expect(phase({ now: new Date("2025-08-21T03:59:00Z") })).toBe("decided");
    expect(phase({ now: new Date("2025-08-21T04:00:00Z"), announced: true })).toBe("weekend");
    expect(phase({ now: new Date("2025-08-25T23:00:00Z") })).toBe("weekend");
    expect(phase({ now: new Date("2025-08-26T03:59:00Z") })).toBe("weekend");
    expect(phase({ now: new Date("2025-08-26T04:00:00Z") })).toBe("over");
    expect(seasonState(facts({ now: new Date("2026-01-01T00:00:00Z") }))).toMatchObject({
      phase: "over",
      decided: true,
    });
  });

  it("stays planned when a plan's dates pass: only a decided weekend begins or ends", () => {
    expect(phase({ houseChosen: false, now: new Date("2025-08-22T12:00:00Z") })).toBe("planned");
    expect(phase({ weekendChosen: false, now: new Date("2025-09-01T12:00:00Z") })).toBe("planned");
  });

  it("is archived once the edition rolled over, whatever else is stored", () => {
    expect(phase({ archived: true })).toBe("archived");
    expect(phase({ archived: true, weekendChosen: false, houseChosen: false, weekend: null })).toBe(
      "archived",
    );
    expect(seasonState(facts({ archived: true })).decided).toBe(true);
  });

  it("reads the calendar day in the given zone", () => {
    expect(dayIn(new Date("2025-08-21T03:00:00Z"), ZONE)).toBe("2025-08-20");
    expect(dayIn(new Date("2025-08-21T03:00:00Z"), "UTC")).toBe("2025-08-21");
    expect(dayIn(new Date("2025-08-20T23:00:00Z"), "Asia/Tokyo")).toBe("2025-08-21");
  });
});
