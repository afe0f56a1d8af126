import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ResultsView } from "~/features/results/components/results-view";
import { getResultsPage } from "~/features/results/index.server";
import featureStyles from "~/styles/features.css";
import styles from "~/styles/results.css";
import { pageTitle } from "~/platform/lib/page-title";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: featureStyles },
];

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Where We Stand") }];

// A plain object, not json(): the page is built once per change of the surveys, and a json() body
// would be serialized and parsed again on every request.
export const loader = () => getResultsPage();

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
      <ResultsView charts={charts} attendanceHtml={attendanceHtml} best={best} />
    </>
  );
}
