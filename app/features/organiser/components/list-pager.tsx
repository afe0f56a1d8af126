import { Link } from "@remix-run/react";
import { pageHref } from "~/platform/lib/paging";

/**
 * "Page 2 of 4" with Previous and Next: plain links that keep the query (the search), so paging
 * works the same with JavaScript off. Nothing when everything fits on one page.
 */
export function ListPager({
  label,
  path,
  query,
  page,
  pages,
}: {
  /** Names the navigation for screen readers, e.g. "Pages of members". */
  label: string;
  path: string;
  query: Record<string, string>;
  page: number;
  pages: number;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="list-pager" aria-label={label}>
      {page > 1 ? (
        <Link to={pageHref(path, query, page - 1)} rel="prev">
          Previous<span className="visually-hidden"> page</span>
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageHref(path, query, page + 1)} rel="next">
          Next<span className="visually-hidden"> page</span>
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
