/**
 * A sharer's consent to their share of an expense (issue 53, decision 030): nobody makes another
 * member owe money alone.
 *
 * - "counts": in the balances, nothing to answer (the author's own share, an organiser's entry, a share
 *   accepted, every share stored before consent existed);
 * - "open": entered by another member at or below the limit; it counts, is marked "entered by", and its
 *   sharer may refuse it;
 * - "waiting": entered by another member above the limit; out of the balances until its sharer or an
 *   organiser accepts it;
 * - "refused": its sharer refused it; out of the balances until an organiser accepts it or removes it;
 * - "removed": an organiser took it out for good.
 */
export type ShareStatus = "counts" | "open" | "waiting" | "refused" | "removed";

export const countsInBalances = (status: ShareStatus) => status === "counts" || status === "open";

/**
 * The limit's default outside the house's currency, and while the house has no price: 50,000 minor
 * units ($500.00, €500.00, MX$500.00, ¥50,000), about a house share in the currencies worth about a
 * dollar and stricter in the others. No exchange rate is invented to turn the house share into
 * another currency (decision 017).
 */
export const OTHER_CURRENCY_LIMIT = 50_000;

/**
 * Above which share (minor units of `currency`) a share entered by another member waits. In the house's
 * currency: the organiser's limit, or else the house share per person (the price divided by the payers
 * who pay something, rounded down); in any other currency OTHER_CURRENCY_LIMIT.
 */
export function consentLimit(
  currency: string,
  context: {
    limit: number | null;
    house: { total: number | null; currency: string } | null;
    payers: readonly { weight: number }[];
  },
): number {
  const { house } = context;
  if (!house || house.currency !== currency) return OTHER_CURRENCY_LIMIT;
  if (context.limit !== null) return context.limit;
  const paying = context.payers.filter((payer) => payer.weight > 0).length;
  if (house.total === null || paying === 0) return OTHER_CURRENCY_LIMIT;
  return Math.floor(house.total / paying);
}

/** The status a new share starts in: the author's own share and an organiser's entries count at once. */
export function newShareStatus(
  share: { userId: number; amount: number },
  entry: { authorId: number; organiser: boolean; limit: number },
): ShareStatus {
  if (entry.organiser || share.userId === entry.authorId) return "counts";
  return share.amount > entry.limit ? "waiting" : "open";
}

/**
 * The statuses of an edited expense's shares: a share whose amount did not change keeps its answer;
 * a new or changed share starts again as new, entered by the editor.
 */
export function editedShareStatuses(
  before: ReadonlyMap<number, { amount: number; status: ShareStatus }>,
  shares: ReadonlyMap<number, number>,
  entry: { authorId: number; organiser: boolean; limit: number },
): Map<number, ShareStatus> {
  return new Map(
    [...shares].map(([userId, amount]) => {
      const old = before.get(userId);
      return [userId, old && old.amount === amount ? old.status : newShareStatus({ userId, amount }, entry)];
    }),
  );
}

export type ShareAnswer = "accept" | "refuse" | "remove";

/**
 * Who may give which answer, from which status: the sharer accepts or refuses their own share; an
 * organiser accepts (back in) or removes a share that waits or was refused. Never the author alone.
 */
export const ANSWERS: Record<
  ShareAnswer,
  { from: readonly ShareStatus[]; to: ShareStatus; sharer: boolean; organiser: boolean }
> = {
  accept: { from: ["waiting", "refused"], to: "counts", sharer: true, organiser: true },
  refuse: { from: ["open", "waiting"], to: "refused", sharer: true, organiser: false },
  remove: { from: ["waiting", "refused"], to: "removed", sharer: false, organiser: true },
};

/** Whether `viewer` may give `answer` to the share of `sharer` (whatever its status now). */
export function mayAnswer(answer: ShareAnswer, sharer: number, viewer: { id: number; organiser: boolean }) {
  const rule = ANSWERS[answer];
  return (rule.sharer && viewer.id === sharer) || (rule.organiser && viewer.organiser);
}

/** The answers `viewer` may give to a share in `status` now. */
export function answersFor(
  status: ShareStatus,
  sharer: number,
  viewer: { id: number; organiser: boolean },
): ShareAnswer[] {
  return (Object.keys(ANSWERS) as ShareAnswer[]).filter(
    (answer) => ANSWERS[answer].from.includes(status) && mayAnswer(answer, sharer, viewer),
  );
}
