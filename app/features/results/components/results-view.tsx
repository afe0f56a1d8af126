import { BestWeekends } from "~/features/results/components/best-weekends";
import type { RankedWeekend } from "~/features/results/lib/best-weekends";
import type { Chart } from "~/features/results/lib/results";

/** The chart's numbers as a table, for screen readers and text browsers. */
function ChartTable({ chart }: { chart: Chart }) {
  return (
    // A table ignores the 1 px width, so the hiding wrapper is a div.
    <div className="visually-hidden">
      <table>
        <caption>{chart.title}</caption>
        <thead>
          <tr>
            <th scope="col">{chart.key === "availability" ? "Weekend" : "Answer"}</th>
            <th scope="col">Count</th>
            <th scope="col">Percent</th>
          </tr>
        </thead>
        <tbody>
          {chart.slices.map((slice) => (
            <tr key={slice.label}>
              <th scope="row">{slice.label}</th>
              <td>{slice.count}</td>
              <td>{slice.percent}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AttendanceList({ html }: { html: string }) {
  return (
    <section className="card" aria-labelledby="attendance-heading">
      <h2 id="attendance-heading">Who&apos;s Coming</h2>
      {/* Rendered by React on the server (services/results-page), once per change of the surveys. */}
      <div className="attendance" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

export type ResultsViewData = {
  charts: Array<Chart & { svg: string }>;
  attendanceHtml: string;
  best: { top: RankedWeekend[]; plannedOutside: RankedWeekend | null; planned: string };
};

/** Best Weekends, the charts and Who's Coming: /results, and a past edition's frozen results. */
export function ResultsView({ charts, attendanceHtml, best }: ResultsViewData) {
  return (
    <>
      <BestWeekends top={best.top} plannedOutside={best.plannedOutside} planned={best.planned} />
      <div className="charts">
        {charts.map((chart) => (
          <section
            key={chart.key}
            className={`card chart chart-${chart.kind} chart-${chart.key}`}
            aria-labelledby={`heading-${chart.key}`}
          >
            <h2 id={`heading-${chart.key}`}>{chart.title}</h2>
            {/* Our own server rendered this SVG from counts and fixed labels; React escaped its text. */}
            <div className="chart-svg" dangerouslySetInnerHTML={{ __html: chart.svg }} />
            <ChartTable chart={chart} />
          </section>
        ))}
      </div>
      <AttendanceList html={attendanceHtml} />
    </>
  );
}
