import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { LoginPrompt } from "~/platform/components/login-prompt";
import { SEARCH_MAX } from "~/platform/lib/limits";
import { LOGIN_REASONS } from "~/platform/lib/login-url";
import { SummaryFilter } from "~/features/results/components/summary-filter";
import { summaryCardsHtml } from "~/features/results/index.server";
import { isOrganiser } from "~/features/accounts/index.server";
import { getUser } from "~/platform/services/session.server";
import styles from "~/styles/results.css";
import { pageTitle } from "~/platform/lib/page-title";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Complete Survey Results") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, SEARCH_MAX);
  // No route guard (spec section 6): a visitor gets the page with a login prompt instead of the data.
  const user = await getUser(request);
  if (!user) return { member: false, q, count: 0, cardsHtml: "" };
  // The cards are rendered once per change of the surveys, not per request (services/summary-page).
  const { count, html } = await summaryCardsHtml(
    { email: user.email, organiser: await isOrganiser(user) },
    q,
  );
  return { member: true, q, count, cardsHtml: html };
}

function SearchForm({ q }: { q: string }) {
  return (
    <Form method="get" role="search" className="summary-search">
      <div className="field">
        <label htmlFor="q">Search by name or e-mail</label>
        <input id="q" name="q" type="search" defaultValue={q} maxLength={SEARCH_MAX} autoComplete="off" />
      </div>
      <button type="submit" className="button button-secondary">
        Search
      </button>
    </Form>
  );
}

/** Not hydrated (no handle = HYDRATE): the search narrows the cards through SummaryFilter's script. */
export default function ResultsSummary() {
  const { member, q, count, cardsHtml } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="card">
        <h1>Complete Survey Results</h1>
        {member ? <SearchForm q={q} /> : null}
      </section>
      {!member ? (
        <LoginPrompt redirectTo="/results-summary" message={LOGIN_REASONS.results} />
      ) : (
        <>
          <p id="summary-empty" className="card" hidden={count > 0}>
            No survey responses found.
          </p>
          {/* Server-rendered RespondentCards; this page is never hydrated. */}
          <div className="respondents" dangerouslySetInnerHTML={{ __html: cardsHtml }} />
          <SummaryFilter />
        </>
      )}
    </>
  );
}

export function ErrorBoundary() {
  const [params] = useSearchParams();
  return (
    <section className="card" role="alert">
      <h1>Complete Survey Results</h1>
      <p className="alert alert-error">Failed to load survey data</p>
      <Form method="get">
        {params.get("q") ? <input type="hidden" name="q" value={params.get("q") ?? ""} /> : null}
        <button type="submit" className="button">
          Try Again
        </button>
      </Form>
    </section>
  );
}
