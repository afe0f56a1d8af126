import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MoneyView } from "~/features/money/components/money-view";
import { getMoneyPage } from "~/features/money/index.server";
import { pageTitle } from "~/platform/lib/page-title";
import styles from "~/styles/features.css";
import moneyStyles from "~/styles/money.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: moneyStyles },
];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Money of a past trip") }];

/** A past edition's money: read-only, for the members who were on that trip. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await getMoneyPage(request, params.year ?? "");
  return { page };
}

export default function PastMoney() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="card">
        <h1>Money for {page.shortName}</h1>
        <p className="alert alert-info">
          This trip is over: its money is kept as it was, read-only.{" "}
          <Link to="/money">The current trip’s money</Link>
        </p>
      </section>
      <MoneyView page={page} />
    </>
  );
}
