import { percent } from "~/features/results/lib/results";
import { WINDOWS } from "~/features/season/lib/weekends";

import { DEFAULT_EVENT_SETTINGS } from "~/features/season/lib/event-settings";

/** The weekend the event page announces by default (Thu Aug 21 – Mon Aug 25, 2025). */
export const PLANNED_WEEKEND = DEFAULT_EVENT_SETTINGS.plannedWeekend;

/** How many members are free in one window, split by their attending answer. */
export type WindowCounts = { label: string; yes: number; maybe: number };

export type RankedWeekend = WindowCounts & {
  rank: number;
  /** Share of the yes+maybe respondents who are free, to one decimal. */
  percent: string;
  planned: boolean;
};

export function tieRule(planned = PLANNED_WEEKEND) {
  return (
    "Ranked by how many yes and maybe respondents are free; a tie goes to the weekend with more yes " +
    `answers, then to the one closer to the planned weekend (${planned}), then to the earlier one.`
  );
}

/**
 * Every window ranked best first. `respondents` is the number of yes+maybe respondents, the base of
 * the share; windows missing from `counts` count as nobody free.
 */
export function rankWeekends(
  counts: readonly WindowCounts[],
  respondents: number,
  planned = PLANNED_WEEKEND,
  windows: readonly string[] = WINDOWS,
): RankedWeekend[] {
  const byLabel = new Map(counts.map((entry) => [entry.label, entry]));
  const plannedIndex = windows.indexOf(planned);
  const rows = windows.map((label, index) => {
    const entry = byLabel.get(label);
    return { label, yes: entry?.yes ?? 0, maybe: entry?.maybe ?? 0, index };
  });
  rows.sort(
    (a, b) =>
      b.yes + b.maybe - (a.yes + a.maybe) ||
      b.yes - a.yes ||
      Math.abs(a.index - plannedIndex) - Math.abs(b.index - plannedIndex) ||
      a.index - b.index,
  );
  return rows.map(({ label, yes, maybe }, position) => ({
    label,
    yes,
    maybe,
    rank: position + 1,
    percent: percent(yes + maybe, respondents),
    planned: label === planned,
  }));
}

/** The top `limit` weekends, and the planned one separately when it did not make the cut. */
export function bestWeekends(
  counts: readonly WindowCounts[],
  respondents: number,
  planned = PLANNED_WEEKEND,
  limit = 5,
  windows: readonly string[] = WINDOWS,
) {
  const ranked = rankWeekends(counts, respondents, planned, windows);
  const top = ranked.slice(0, limit);
  const plannedRow = ranked.find((row) => row.planned);
  return { top, plannedOutside: plannedRow && !top.includes(plannedRow) ? plannedRow : null };
}
