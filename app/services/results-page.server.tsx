import { renderToStaticMarkup } from "react-dom/server";
import { AttendanceColumns } from "~/components/attendance-columns";
import { bestWeekends } from "~/lib/best-weekends";
import { buildCharts } from "~/lib/results";
import { getEventSettings } from "~/models/event-settings.server";
import { getWeekendCounts } from "~/models/plan.server";
import { getResultsOverview } from "~/models/results.server";
import { cachedByTables } from "~/models/table-cache.server";
import { renderCharts } from "~/services/charts.server";

export type ResultsPage = {
  respondents: number;
  charts: ReturnType<typeof renderCharts>;
  /** The Who's Coming columns as HTML: with thousands of names, rendering them is the page's cost. */
  attendanceHtml: string;
  /** The Best Weekends ranking (counts only), around the planned weekend. */
  best: ReturnType<typeof bestWeekends> & { planned: string };
};

type CachedPage = Omit<ResultsPage, "best"> & { weekends: Awaited<ReturnType<typeof getWeekendCounts>> };

/** The charts and names rendered once per change of the surveys (they depend on nothing else). */
function renderedPage(): Promise<CachedPage> {
  return cachedByTables("results-page", ["surveys"], async () => {
    const [overview, weekends] = await Promise.all([getResultsOverview(), getWeekendCounts()]);
    return {
      weekends,
      respondents: overview.tally.respondents,
      charts: renderCharts(buildCharts(overview.tally)),
      attendanceHtml: renderToStaticMarkup(<AttendanceColumns attendance={overview.attendance} />),
    };
  });
}

/** Everything /results shows. */
export async function getResultsPage(): Promise<ResultsPage> {
  const [page, event] = await Promise.all([renderedPage(), getEventSettings()]);
  // Ranking 39 windows is cheap; the planned weekend is a setting that changes apart from the surveys.
  const { weekends, ...rest } = page;
  const planned = event.plannedWeekend;
  return { ...rest, best: { ...bestWeekends(weekends.counts, weekends.respondents, planned), planned } };
}
