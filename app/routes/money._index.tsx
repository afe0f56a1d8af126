import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormAnswer } from "~/platform/components/form-answer";
import { keepInputOnFailure } from "~/platform/components/submit-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { MoneyView } from "~/features/money/components/money-view";
import { moneyAction, getMoneyPage } from "~/features/money/index.server";
import { pageTitle } from "~/platform/lib/page-title";
import { withFlash } from "~/platform/services/flash.server";
import styles from "~/styles/features.css";
import moneyStyles from "~/styles/money.css";

// Hydrated so that a post lost on the way keeps what was typed (docs/decisions/026-one-form-answer.md).
export const handle = HYDRATE;
export const clientAction = keepInputOnFailure;
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
        <FormAnswer
          note={flash}
          failure={failure && "error" in failure && failure.form === "money" ? failure : undefined}
        />
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
