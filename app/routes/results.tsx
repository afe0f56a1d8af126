import { json, type LinksFunction, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BestWeekends } from "~/components/best-weekends";
import { bestWeekends } from "~/lib/best-weekends";
import { buildCharts, type Attendance, type Chart } from "~/lib/results";
import { getWeekendCounts } from "~/models/plan.server";
import { getResultsOverview } from "~/models/results.server";
import { renderCharts } from "~/services/charts.server";
import featureStyles from "~/styles/features.css";
import styles from "~/styles/results.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: featureStyles },
];

export const meta: MetaFunction = () => [{ title: "SGW25 — Where We Stand" }];

export async function loader() {
  const [{ tally, attendance }, weekends] = await Promise.all([getResultsOverview(), getWeekendCounts()]);
  return json({
    respondents: tally.respondents,
    charts: renderCharts(buildCharts(tally)),
    attendance,
    best: bestWeekends(weekends.counts, weekends.respondents),
  });
}

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

const COLUMNS: Array<[keyof Attendance, string]> = [
  ["yes", "Yes"],
  ["maybe", "Maybe"],
  ["no", "Nope"],
];

function AttendanceList({ attendance }: { attendance: Attendance }) {
  return (
    <section className="card" aria-labelledby="attendance-heading">
      <h2 id="attendance-heading">Who&apos;s Coming</h2>
      <div className="attendance">
        {COLUMNS.map(([key, heading]) => (
          <div key={key} className="attendance-column" data-column={key}>
            <h3 id={`attendance-${key}`}>{heading}</h3>
            {attendance[key].length ? (
              <ul aria-labelledby={`attendance-${key}`}>
                {attendance[key].map((name, index) => (
                  <li key={`${name}-${index}`}>{name}</li>
                ))}
              </ul>
            ) : (
              <p className="muted">Nobody yet.</p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

export default function Results() {
  const { respondents, charts, attendance, best } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="card">
        <h1>Where We Stand</h1>
        <p className="muted">
          Charts count the {respondents} {respondents === 1 ? "person" : "people"} who said yes or maybe.
        </p>
        <p>
          <Link to="/results-summary">See every answer (members only)</Link>
        </p>
      </section>
      <BestWeekends top={best.top} plannedOutside={best.plannedOutside} />
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
      <AttendanceList attendance={attendance} />
    </>
  );
}
