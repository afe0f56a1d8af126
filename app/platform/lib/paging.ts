/**
 * Long lists are shown a page at a time (the organiser's people and houses): the page's number comes
 * from the address (`?page=2`), anything that is not a page number is page 1, and a number past the
 * end is the last page. Pure, so the loaders and their tests share it.
 */
export type Paged<T> = {
  /** The rows on this page. */
  rows: T[];
  /** This page's number, from 1. */
  page: number;
  /** How many pages there are (at least 1, even for an empty list). */
  pages: number;
  /** How many rows there are on every page together. */
  total: number;
};

/** Reads `?page=` (1-based): a missing, malformed or out-of-range value is page 1. */
export function pageParam(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** The rows of page `page` of `size` rows each; a page past the end is the last one. */
export function pageOf<T>(items: readonly T[], page: number, size: number): Paged<T> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  return {
    rows: items.slice((current - 1) * size, current * size),
    page: current,
    pages,
    total: items.length,
  };
}

/** The address of another page of the same list, keeping the rest of the query (`q` and such). */
export function pageHref(path: string, query: Record<string, string>, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
