import { convertAmount } from "~/features/money/lib/rates";
/** One person's balance in one currency: positive is owed to them, negative they owe. */
export type Balances = Map<number, number>;

export type Transfer = { from: number; to: number; amount: number };

/**
 * The transfers that bring every balance to zero. First each creditor and debtor whose balances are
 * exact opposites settle with one transfer (largest first, ties to the lower id): a pair the greedy
 * rule would split costs two transfers instead of one. Then the greedy match: the largest debtor pays
 * the largest creditor as much as one of them needs, until nothing is left. Each transfer zeroes at
 * least one of the two (the last one both), so there are at most (people − 1) of them. The same
 * balances always give the same list. Balances that do not add up to zero (a ledger damaged upstream)
 * are never rounded away here: they get no transfers, and the caller shows and logs them
 * (`unbalanced`) instead of failing the page.
 */
export function settleUp(balances: Balances): Transfer[] {
  const entries = [...balances.entries()].filter(([, amount]) => amount !== 0);
  if (unbalanced(balances) !== 0) return [];
  const order = (a: [number, number], b: [number, number]) => b[1] - a[1] || a[0] - b[0];
  let creditors = entries.filter(([, amount]) => amount > 0).sort(order);
  let debtors = entries
    .filter(([, amount]) => amount < 0)
    .map(([id, amount]): [number, number] => [id, -amount])
    .sort(order);
  const transfers: Transfer[] = [];
  for (const creditor of creditors) {
    const debtor = debtors.find((candidate) => candidate[1] === creditor[1]);
    if (!debtor) continue;
    transfers.push({ from: debtor[0], to: creditor[0], amount: creditor[1] });
    creditor[1] = 0;
    debtor[1] = 0;
    debtors = debtors.filter((candidate) => candidate[1] > 0);
  }
  creditors = creditors.filter((candidate) => candidate[1] > 0);
  while (creditors.length && debtors.length) {
    const creditor = creditors[0];
    const debtor = debtors[0];
    const amount = Math.min(creditor[1], debtor[1]);
    transfers.push({ from: debtor[0], to: creditor[0], amount });
    creditor[1] -= amount;
    debtor[1] -= amount;
    if (creditor[1] === 0) creditors.shift();
    else creditors.sort(order);
    if (debtor[1] === 0) debtors.shift();
    else debtors.sort(order);
  }
  return transfers;
}

/**
 * Settle-up that never asks a member to pay, or wait for, someone who can no longer sign in
 * (decision 031). The former members count as one side first, so the members settle among
 * themselves as far as the ledger lets them (`among`); what is left is each former member's open
 * balance, as the transfers that would settle it with the members (`former`), for an organiser to
 * record once it is settled outside the app. Both lists together bring every balance to zero.
 */
export function settleUpApart(
  balances: Balances,
  former: ReadonlySet<number>,
): { among: Transfer[]; former: Transfer[] } {
  if (unbalanced(balances) !== 0) return { among: [], former: [] };
  const formers = [...balances].filter(([id, amount]) => former.has(id) && amount !== 0);
  if (formers.length === 0) return { among: settleUp(balances), former: [] };
  // No member id is below 1: the former members as one side.
  const SIDE = -1;
  const merged: Balances = new Map([...balances].filter(([id]) => !former.has(id)));
  merged.set(
    SIDE,
    formers.reduce((sum, [, amount]) => sum + amount, 0),
  );
  const first = settleUp(merged);
  const among = first.filter((t) => t.from !== SIDE && t.to !== SIDE);
  // What the members pay that side (or get from it) is shared out over the former members themselves.
  const rest: Balances = new Map(formers);
  for (const t of first) {
    if (t.to === SIDE) rest.set(t.from, (rest.get(t.from) ?? 0) - t.amount);
    if (t.from === SIDE) rest.set(t.to, (rest.get(t.to) ?? 0) + t.amount);
  }
  return { among, former: settleUp(rest) };
}

type Sides = { from: number; to: number };
type Recorder = { id: number; organiser: boolean };

/**
 * How a settle-up transfer recorded by `by` starts: the receiving side's word ("X paid me") counts at
 * once, and so does an organiser's record of two others; the payer's own word is reported until the
 * receiving side or an organiser confirms it. Null: not theirs to record.
 */
export function recordedStatus(transfer: Sides, by: Recorder): "confirmed" | "reported" | null {
  if (by.id === transfer.to) return "confirmed";
  if (by.id === transfer.from) return "reported";
  return by.organiser ? "confirmed" : null;
}

/** Who confirms or rejects a reported payment: its receiver, or an organiser who is not its payer. */
export const mayDecide = (payment: Sides, by: Recorder) =>
  by.id === payment.to || (by.organiser && by.id !== payment.from);

/**
 * What `from` owes `to` in one currency as settle-up lists it, less what `from` already reported
 * paying `to` there and is still waiting: the most a record takes without saying it is more.
 */
export function owedBetween(transfers: readonly Transfer[], sides: Sides, waiting: number): number {
  const listed = transfers.find((t) => t.from === sides.from && t.to === sides.to)?.amount ?? 0;
  return Math.max(0, listed - waiting);
}

/**
 * What `from` reported paying `to` in `currency` that still waits for a decision: settle-up transfers
 * and house-share payments alike (a reported deposit is money on its way to the receiver too). With
 * the organiser's rates (`folded`: a currency to its rate into `currency`), one reported in a
 * currency that now settles in `currency` counts too, converted as its balances are.
 */
export function waitingBetween(
  payments: ReadonlyArray<{
    kind: string;
    status: string;
    fromUserId: number;
    toUserId: number;
    currency: string;
    amount: number;
  }>,
  sides: Sides,
  currency: string,
  folded: ReadonlyMap<string, string> = new Map(),
) {
  return payments
    .filter((p) => p.status === "reported" && p.fromUserId === sides.from && p.toUserId === sides.to)
    .reduce((sum, p) => {
      if (p.currency === currency) return sum + p.amount;
      const rate = folded.get(p.currency);
      return rate ? sum + convertAmount(p.amount, p.currency, currency, rate) : sum;
    }, 0);
}

/** What a currency's balances add up to: 0 in a whole ledger, anything else says it is damaged. */
export function unbalanced(balances: Balances): number {
  let sum = 0;
  for (const amount of balances.values()) sum += amount;
  return sum;
}
