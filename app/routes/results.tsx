import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BestWeekends } from "~/components/best-weekends";
import type { Chart } from "~/lib/results";
import { getResultsPage } from "~/services/results-page.server";
import featureStyles from "~/styles/features.css";
import styles from "~/styles/results.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: featureStyles },
];

export const meta: MetaFunction = () => [{ title: "SGW25 — Where We Stand" }];

// A plain object, not json(): the page is built once per change of the surveys, and a json() body
// would be serialized and parsed again on every request.
export const loader = () => getResultsPage();

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

export default function Results() {
  const { respondents, charts, attendanceHtml, best } = useLoaderData<typeof loader>();
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
