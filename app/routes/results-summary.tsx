import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { LoginPrompt } from "~/components/login-prompt";
import { LOGIN_REASONS } from "~/lib/login-url";
import { RespondentCard } from "~/components/respondent-card";
import { matchesSearch, summaryCard } from "~/lib/results-summary";
import { listSurveyRecords } from "~/models/results.server";
import { getUser } from "~/services/session.server";
import styles from "~/styles/results.css";
import { HYDRATE } from "~/lib/hydration";

/** Forms here are enhanced in the browser (see lib/hydration). */
export const handle = HYDRATE;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "SGW25 — Complete Survey Results" }];

const MAX_SEARCH = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_SEARCH);
  // No route guard (spec section 6): a visitor gets the page with a login prompt instead of the data.
  const user = await getUser(request);
  if (!user) return json({ member: false, q, cards: [] });
  const records = await listSurveyRecords(q);
  return json({ member: true, q, cards: records.map((record) => summaryCard(record)) });
}

function SearchForm({ q, onQuery }: { q: string; onQuery: (value: string) => void }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form method="get" role="search" className="summary-search">
      <div className="field">
        <label htmlFor="q">Search by name or e-mail</label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={MAX_SEARCH}
          autoComplete="off"
          onChange={(event) => {
            const form = event.currentTarget.form;
            onQuery(event.currentTarget.value);
            // The cards narrow at once; the URL (and the server's list) follow after a pause.
            clearTimeout(timer.current);
            timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 300);
          }}
        />
      </div>
      <button type="submit" className="button button-secondary">
        Search
      </button>
    </Form>
  );
}

export default function ResultsSummary() {
  const { member, q, cards } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [query, setQuery] = useState(q);
  useEffect(() => setQuery(q), [q]);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/results-summary";
  const shown = cards.filter((card) => matchesSearch(card, query));
  return (
    <>
      <section className="card">
        <h1>Complete Survey Results</h1>
        {member ? <SearchForm q={q} onQuery={setQuery} /> : null}
        <p role="status" className="muted">
          {loading ? "Loading survey data..." : ""}
        </p>
      </section>
      {!member ? (
        <LoginPrompt redirectTo="/results-summary" message={LOGIN_REASONS.results} />
      ) : shown.length === 0 ? (
        <p className="card">No survey responses found.</p>
      ) : (
        <div className="respondents">
          {shown.map((card) => (
            <RespondentCard key={card.id} card={card} />
          ))}
        </div>
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
