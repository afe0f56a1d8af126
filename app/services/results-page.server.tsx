import { renderToStaticMarkup } from "react-dom/server";
import { AttendanceColumns } from "~/components/attendance-columns";
import { bestWeekends } from "~/lib/best-weekends";
import { buildCharts } from "~/lib/results";
import { getWeekendCounts } from "~/models/plan.server";
import { getResultsOverview, type ResultsOverview } from "~/models/results.server";
import { renderCharts } from "~/services/charts.server";

export type ResultsPage = {
  respondents: number;
  charts: ReturnType<typeof renderCharts>;
  /** The Who's Coming columns as HTML: with thousands of names, rendering them is the page's cost. */
  attendanceHtml: string;
  /** The Best Weekends ranking (counts only). */
  best: ReturnType<typeof bestWeekends>;
};

const pages = new WeakMap<ResultsOverview, ResultsPage>();

/** Everything /results shows, built once per change of the surveys (the overview is cached so). */
export async function getResultsPage(): Promise<ResultsPage> {
  const overview = await getResultsOverview();
  let page = pages.get(overview);
  if (!page) {
    // Read with the overview it belongs to: both change only when a survey is saved.
    const weekends = await getWeekendCounts();
    page = {
      best: bestWeekends(weekends.counts, weekends.respondents),
      respondents: overview.tally.respondents,
      charts: renderCharts(buildCharts(overview.tally)),
      attendanceHtml: renderToStaticMarkup(<AttendanceColumns attendance={overview.attendance} />),
    };
    pages.set(overview, page);
  }
  return page;
}
