/** How the trip's records name a member who left: their row stays, nameless (decision 025). */
export const FORMER_MEMBER = "A former member";

/**
 * The names of the former members, given in the order they left (then by id): one alone is
 * "A former member"; several are told apart as "A former member (1)", "(2)"… on every page, CSV and
 * mail alike. Numbered in leaving order, a number never moves to someone else when another leaves.
 */
export function formerMemberNames(idsInLeavingOrder: readonly number[]): Map<number, string> {
  const several = idsInLeavingOrder.length > 1;
  return new Map(
    idsInLeavingOrder.map((id, index) => [id, several ? `${FORMER_MEMBER} (${index + 1})` : FORMER_MEMBER]),
  );
}
