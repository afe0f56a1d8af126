import { describe, expect, it } from "vitest";
import { PLANNED_WEEKEND, bestWeekends, rankWeekends } from "~/features/results/lib/best-weekends";
import { WINDOWS } from "~/features/season/lib/weekends";

const at = (week: number) => WINDOWS[week];

describe("rankWeekends", () => {
  it("ranks by yes+maybe free, with the share of respondents", () => {
    const ranked = rankWeekends(
      [
        { label: at(10), yes: 1, maybe: 0 },
        { label: at(30), yes: 2, maybe: 2 },
      ],
      5,
    );
    expect(ranked).toHaveLength(39);
    expect(ranked[0]).toMatchObject({ label: at(30), rank: 1, yes: 2, maybe: 2, percent: "80.0" });
    expect(ranked[1]).toMatchObject({ label: at(10), rank: 2, percent: "20.0" });
  });

  it("breaks a tie by the yes count first", () => {
    const ranked = rankWeekends(
      [
        { label: at(20), yes: 1, maybe: 2 },
        { label: at(5), yes: 3, maybe: 0 },
      ],
      3,
    );
    expect(ranked.map((row) => row.label).slice(0, 2)).toEqual([at(5), at(20)]);
  });

  it("then by closeness to the planned weekend, then the earlier one", () => {
    const planned = WINDOWS.indexOf(PLANNED_WEEKEND);
    const ranked = rankWeekends(
      [
        { label: at(planned + 3), yes: 1, maybe: 0 },
        { label: at(planned + 2), yes: 1, maybe: 0 },
        { label: at(planned - 2), yes: 1, maybe: 0 },
      ],
      1,
    );
    expect(ranked.slice(0, 3).map((row) => row.label)).toEqual([
      at(planned - 2),
      at(planned + 2),
      at(planned + 3),
    ]);
  });

  it("counts nobody as 0.0 percent and still ranks every window, the planned one first", () => {
    const ranked = rankWeekends([], 0);
    expect(ranked[0]).toMatchObject({ label: PLANNED_WEEKEND, planned: true, percent: "0.0" });
  });
});

describe("bestWeekends", () => {
  it("matches the demo answers", () => {
    // Alex yes 18-21, Sam yes 19,20,22, Jordan maybe 20,21, Riley yes 17,19,20.
    const weeks: Record<number, [number, number]> = {
      17: [1, 0],
      18: [1, 0],
      19: [3, 0],
      20: [3, 1],
      21: [1, 1],
      22: [1, 0],
    };
    const counts = Object.entries(weeks).map(([week, [yes, maybe]]) => ({
      label: at(Number(week)),
      yes,
      maybe,
    }));
    const { top, plannedOutside } = bestWeekends(counts, 4);
    // Most free first; of weeks 17, 18 and 22 (one each) the two nearest the planned week 20 make it.
    expect(top.map((row) => row.label)).toEqual([20, 19, 21, 18, 22].map(at));
    expect(top[0]).toMatchObject({ planned: true, percent: "100.0" });
    expect(plannedOutside).toBeNull();
  });

  it("reports the planned weekend's rank when it is outside the top five", () => {
    const counts = [0, 1, 2, 3, 4, 5].map((week) => ({ label: at(week), yes: 1, maybe: 0 }));
    const { top, plannedOutside } = bestWeekends(counts, 2);
    expect(top).toHaveLength(5);
    expect(top.some((row) => row.planned)).toBe(false);
    expect(plannedOutside).toMatchObject({ label: PLANNED_WEEKEND, rank: 7, yes: 0, percent: "0.0" });
  });
});
