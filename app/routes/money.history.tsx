import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getMoneyHistory } from "~/features/money/index.server";
import { pageTitle } from "~/platform/lib/page-title";
import moneyStyles from "~/styles/money.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: moneyStyles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Money history") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const year = new URL(request.url).searchParams.get("year") ?? undefined;
  return getMoneyHistory(request, year);
}

/** Every change to the trip's money, newest first: who, when, what, the old and the new values. */
export default function MoneyHistory() {
  const history = useLoaderData<typeof loader>();
  return (
    <section className="card money">
      <h1>Money history of {history.shortName}</h1>
      <p>
        <Link to={history.readOnly ? `/money/${history.year}` : "/money"}>Back to the money page</Link>
      </p>
      {history.rows.length === 0 ? <p className="muted">Nothing has changed yet.</p> : null}
      <ul className="money-list money-history">
        {history.rows.map((row) => (
          <li key={row.id}>
            <p>
              <strong>{row.action}</strong> ({row.subject}) by <span className="user-text">{row.who}</span>,{" "}
              {row.at}
            </p>
            {row.oldValue ? <p className="user-text muted">Before: {row.oldValue}</p> : null}
            {row.newValue ? <p className="user-text">After: {row.newValue}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
