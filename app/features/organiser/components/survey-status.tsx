import { Form, Link } from "@remix-run/react";
import { SEARCH_MAX } from "~/platform/lib/limits";
import { pageHref } from "~/platform/lib/paging";
import { ListPager } from "~/features/organiser/components/list-pager";
import { MemberTidyLinks } from "~/features/organiser/components/tidy-links";

export type MemberRow = {
  id: number;
  name: string;
  email: string;
  submitted: boolean;
  attending: string;
  submittedAt: string | null;
  /** Houses they suggested. */
  houses: number;
  organiser?: boolean;
};

export type MemberListing = {
  /** The members on this page: those who submitted first, then those who have not. */
  rows: MemberRow[];
  page: number;
  pages: number;
  /** Everyone, whatever the search and the page. */
  counts: { submitted: number; waiting: number };
  /** Those matching the search, on every page. */
  found: { submitted: number; waiting: number };
  q: string;
};

const PATH = "/organiser/people";

/** The search: a plain GET form, so it works without JavaScript; the page starts again at 1. */
function MemberSearch({ q }: { q: string }) {
  return (
    <Form method="get" action={PATH} role="search" className="list-search">
      <div className="field">
        <label htmlFor="member-q">Search members by name or e-mail</label>
        <input
          id="member-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={SEARCH_MAX}
          autoComplete="off"
        />
      </div>
      <button type="submit" className="button button-secondary">
        Search
      </button>
    </Form>
  );
}

/**
 * Who has submitted the survey (with when) and which registered members have not: the headings
 * count everyone, the rows are one page of those matching the search.
 */
export function SurveyStatus({ listing }: { listing: MemberListing }) {
  const { rows, page, pages, counts, found, q } = listing;
  const matches = found.submitted + found.waiting;
  const done = rows.filter((member) => member.submitted);
  const waiting = rows.filter((member) => !member.submitted);
  const searching = q.trim() !== "";
  const back = pageHref(PATH, { q }, page);
  // A group with none of its rows on this page: on another page, or none matches the search.
  const none = searching || pages > 1 ? "None on this page." : null;
  return (
    <section className="card" aria-labelledby="status-heading">
      <h2 id="status-heading">Who has answered</h2>
      <MemberSearch q={q} />
      {searching ? (
        <p role="status">
          Members matching “{q}”: {matches}. <Link to={PATH}>Show everyone</Link>
        </p>
      ) : null}
      <h3 id="submitted-heading">Submitted ({counts.submitted})</h3>
      {done.length ? (
        <table aria-labelledby="submitted-heading" className="organiser-table member-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Attending</th>
              <th scope="col">Submitted</th>
            </tr>
          </thead>
          <tbody>
            {done.map((member) => (
              <tr key={member.id}>
                <th scope="row">
                  <span className="user-text">{member.name}</span>
                  <br />
                  <MemberTidyLinks member={member} back={back} />
                </th>
                <td className="user-text" data-label="E-mail">
                  {member.email}
                </td>
                <td data-label="Attending">{member.attending || "Not answered"}</td>
                <td data-label="Submitted">{member.submittedAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">{none ?? "Nobody has submitted the survey yet."}</p>
      )}
      <h3 id="waiting-heading">Not submitted ({counts.waiting})</h3>
      {waiting.length ? (
        <ul aria-labelledby="waiting-heading" className="waiting-list">
          {waiting.map((member) => (
            <li key={member.id}>
              <span className="user-text">
                {member.name} &lt;{member.email}&gt;
              </span>{" "}
              <MemberTidyLinks member={member} back={back} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{none ?? "Every registered member has submitted the survey."}</p>
      )}
      <ListPager label="Pages of members" path={PATH} query={{ q }} page={page} pages={pages} />
    </section>
  );
}
