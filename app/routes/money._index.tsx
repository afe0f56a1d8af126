import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MoneyView } from "~/features/money/components/money-view";
import { moneyAction, getMoneyPage } from "~/features/money/index.server";
import { pageTitle } from "~/platform/lib/page-title";
import { withFlash } from "~/platform/services/flash.server";
import styles from "~/styles/features.css";
import moneyStyles from "~/styles/money.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: moneyStyles },
];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Money") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return withFlash(
    request,
    getMoneyPage(request).then((page) => ({ page })),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return moneyAction(request);
}

export default function Money() {
  const { page, flash } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <>
      <section className="card">
        <h1>Money for {page.shortName}</h1>
        {flash ? (
          <p role="status" className="alert alert-success user-text">
            {flash}
          </p>
        ) : null}
        {failure && "error" in failure && failure.form === "money" ? (
          <p role="alert" className="alert alert-error">
            {failure.error}
          </p>
        ) : null}
        {page.role.organiser ? (
          <p>
            <Link to="/money/setup">Set up the share, deposit and payers</Link>
            {" · "}
            <a href="/money/shares.csv">Shares and payments (CSV)</a>
            {" · "}
            <a href="/money/ledger.csv">Ledger (CSV)</a>
          </p>
        ) : null}
      </section>
      <MoneyView page={page} failure={failure && "error" in failure ? failure : undefined} />
    </>
  );
}
