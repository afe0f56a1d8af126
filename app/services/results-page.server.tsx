import { renderToStaticMarkup } from "react-dom/server";
import { AttendanceColumns } from "~/components/attendance-columns";
import { bestWeekends } from "~/lib/best-weekends";
import { buildCharts } from "~/lib/results";
import { getEventSettings } from "~/models/event-settings.server";
import { getWeekendCounts } from "~/models/plan.server";
import { getResultsOverview, type ResultsOverview } from "~/models/results.server";
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

const pages = new WeakMap<ResultsOverview, CachedPage>();

/** Everything /results shows, built once per change of the surveys (the overview is cached so). */
export async function getResultsPage(): Promise<ResultsPage> {
  const [overview, event] = await Promise.all([getResultsOverview(), getEventSettings()]);
  let page = pages.get(overview);
  if (!page) {
    // Read with the overview it belongs to: both change only when a survey is saved.
    const weekends = await getWeekendCounts();
    page = {
      weekends,
      respondents: overview.tally.respondents,
      charts: renderCharts(buildCharts(overview.tally)),
      attendanceHtml: renderToStaticMarkup(<AttendanceColumns attendance={overview.attendance} />),
    };
    pages.set(overview, page);
  }
  // Ranking 39 windows is cheap; the planned weekend is a setting that changes apart from the surveys.
  const { weekends, ...rest } = page;
  const planned = event.plannedWeekend;
  return { ...rest, best: { ...bestWeekends(weekends.counts, weekends.respondents, planned), planned } };
}
