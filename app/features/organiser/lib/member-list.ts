import { pageOf, type Paged } from "~/platform/lib/paging";

/** Members per page on /organiser/people: a slow phone renders 50 rows well under its budget. */
export const MEMBERS_PER_PAGE = 50;

type Member = { name: string; email: string; submitted: boolean };

/** Whether a member matches the search: any part of the name or the address, any case. */
export function matchesSearch(member: { name: string; email: string }, q: string): boolean {
  const needle = q.trim().toLocaleLowerCase();
  if (!needle) return true;
  return (
    member.name.toLocaleLowerCase().includes(needle) || member.email.toLocaleLowerCase().includes(needle)
  );
}

export type MemberPage<T> = Paged<T> & {
  /** Everyone, whatever the search and the page: how many submitted and how many have not. */
  counts: { submitted: number; waiting: number };
  /** How many match the search, on every page, submitted and not. */
  found: { submitted: number; waiting: number };
};

/**
 * One page of the members who match the search: those who submitted first, then those who have
 * not (each in the order given). The counts are everyone's, not the page's.
 */
export function memberPage<T extends Member>(
  members: readonly T[],
  q: string,
  page: number,
  size = MEMBERS_PER_PAGE,
): MemberPage<T> {
  const submitted = members.filter((member) => member.submitted);
  const waiting = members.filter((member) => !member.submitted);
  const foundSubmitted = submitted.filter((member) => matchesSearch(member, q));
  const foundWaiting = waiting.filter((member) => matchesSearch(member, q));
  return {
    ...pageOf([...foundSubmitted, ...foundWaiting], page, size),
    counts: { submitted: submitted.length, waiting: waiting.length },
    found: { submitted: foundSubmitted.length, waiting: foundWaiting.length },
  };
}

/**
 * Where a step started from a list goes back to: the same page and search of that list (`back`,
 * from the step's address or form), or the list's first page when `back` is not one of its pages.
 */
export function backToList(list: string, back: unknown): string {
  if (typeof back !== "string" || back.length > 400) return list;
  if (back === list) return back;
  if (!back.startsWith(`${list}?`)) return list;
  const params = new URLSearchParams(back.slice(list.length + 1));
  const kept = new URLSearchParams();
  for (const key of ["q", "page"]) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const search = kept.toString();
  return search ? `${list}?${search}` : list;
}
