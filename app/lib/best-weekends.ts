import { percent } from "./results";
import { WINDOWS } from "./weekends";

/** The weekend the event page announces (Thu Aug 21 – Mon Aug 25, 2025). */
export const PLANNED_WEEKEND = "Aug 21 - Aug 25";

/** How many members are free in one window, split by their attending answer. */
export type WindowCounts = { label: string; yes: number; maybe: number };

export type RankedWeekend = WindowCounts & {
  rank: number;
  /** Share of the yes+maybe respondents who are free, to one decimal. */
  percent: string;
  planned: boolean;
};

export const TIE_RULE =
  "Ranked by how many yes and maybe respondents are free; a tie goes to the weekend with more yes " +
  "answers, then to the one closer to the planned weekend (Aug 21 - Aug 25), then to the earlier one.";

/**
 * Every window ranked best first. `respondents` is the number of yes+maybe respondents, the base of
 * the share; windows missing from `counts` count as nobody free.
 */
export function rankWeekends(counts: WindowCounts[], respondents: number): RankedWeekend[] {
  const byLabel = new Map(counts.map((entry) => [entry.label, entry]));
  const plannedIndex = WINDOWS.indexOf(PLANNED_WEEKEND);
  const rows = WINDOWS.map((label, index) => {
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
    planned: label === PLANNED_WEEKEND,
  }));
}

/** The top `limit` weekends, and the planned one separately when it did not make the cut. */
export function bestWeekends(counts: WindowCounts[], respondents: number, limit = 5) {
  const ranked = rankWeekends(counts, respondents);
  const top = ranked.slice(0, limit);
  const planned = ranked.find((row) => row.planned);
  return { top, plannedOutside: planned && !top.includes(planned) ? planned : null };
}
