import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ResultsView } from "~/features/results/components/results-view";
import { getPastEditionPage } from "~/features/results/index.server";
import featureStyles from "~/styles/features.css";
import styles from "~/styles/results.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: featureStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.name} — Results` : "Past Events" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  const year = Number(params.year);
  const page = /^\d{4}$/.test(params.year ?? "") ? await getPastEditionPage(year) : undefined;
  if (!page) throw new Response("No past edition for that year", { status: 404 });
  return page;
}

export default function PastEditionResults() {
  const { name, dates, came, house, respondents, charts, attendanceHtml, best } =
    useLoaderData<typeof loader>();
  return (
    <>
      <section className="card">
        <h1>{name}: Where We Stood</h1>
        <p>
          {dates}
          {house ? ` at ${house.title}` : ""}. {came}
        </p>
        <p className="muted">
          The results as they were when {name} closed. Charts count the {respondents}{" "}
          {respondents === 1 ? "person" : "people"} who said yes or maybe.
        </p>
        <p>
          <Link to="/past-events">All past events</Link>
        </p>
      </section>
      <ResultsView charts={charts} attendanceHtml={attendanceHtml} best={best} />
    </>
  );
}
