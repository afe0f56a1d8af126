import { renderToStaticMarkup } from "react-dom/server";
import { AttendanceColumns } from "~/features/results/components/attendance-columns";
import { bestWeekends, type WindowCounts } from "~/features/results/lib/best-weekends";
import { buildCharts, type Attendance, type Tally } from "~/features/results/lib/results";
import { getEventSettings } from "~/features/season/index.server";
import { getWeekendCounts } from "~/features/results/models/plan.server";
import { getResultsOverview } from "~/features/results/models/results.server";
import { cachedByTables } from "~/platform/models/table-cache.server";
import { renderCharts } from "~/features/results/services/charts.server";

export type ResultsPage = {
  respondents: number;
  charts: ReturnType<typeof renderCharts>;
  /** The Who's Coming columns as HTML: with thousands of names, rendering them is the page's cost. */
  attendanceHtml: string;
  /** The Best Weekends ranking (counts only), around the planned weekend. */
  best: ReturnType<typeof bestWeekends> & { planned: string };
};

/** An edition's numbers: the current one's, or a past one's as frozen. */
type EditionNumbers = {
  windows: readonly string[];
  tally: Tally;
  attendance: Attendance;
  weekends: { counts: readonly WindowCounts[]; respondents: number };
};

type CachedPage = Omit<ResultsPage, "best"> & {
  weekends: EditionNumbers["weekends"];
  windows: readonly string[];
};

function rendered(data: EditionNumbers): CachedPage {
  return {
    weekends: data.weekends,
    windows: data.windows,
    respondents: data.tally.respondents,
    charts: renderCharts(buildCharts(data.tally, data.windows)),
    attendanceHtml: renderToStaticMarkup(<AttendanceColumns attendance={data.attendance} />),
  };
}

// Ranking the windows is cheap; the planned weekend is a setting that changes apart from the surveys.
function withBest({ weekends, windows, ...rest }: CachedPage, planned: string): ResultsPage {
  return {
    ...rest,
    best: { ...bestWeekends(weekends.counts, weekends.respondents, planned, undefined, windows), planned },
  };
}

/** The current edition's charts and names, rendered once per change of the surveys or the edition. */
function renderedPage(): Promise<CachedPage> {
  return cachedByTables("results-page", ["surveys", "editions"], async () => {
    const overview = await getResultsOverview();
    return rendered({ ...overview, weekends: await getWeekendCounts(overview.windows) });
  });
}

/** Everything /results shows. */
export async function getResultsPage(): Promise<ResultsPage> {
  const [page, event] = await Promise.all([renderedPage(), getEventSettings()]);
  return withBest(page, event.plannedWeekend);
}

/** A past edition's page from its frozen numbers and planned weekend. */
export function resultsPageOf(data: EditionNumbers & { plannedWeekend: string }): ResultsPage {
  return withBest(rendered(data), data.plannedWeekend);
}
