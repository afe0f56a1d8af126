/** The deposit asked of each payer: nothing, a fixed amount, or a percentage (0–100) of their share. */
export type Deposit =
  { kind: "none" } | { kind: "fixed"; amount: number } | { kind: "percent"; percent: number };

export type DueDates = { deposit: string | null; balance: string | null };

/**
 * One payer's house share, read against the whole trip (decision 027): how much of the share has
 * reached the receiver, and what is due by when — never more than the trip's balances say they owe.
 */
export type PayerLine = {
  share: number;
  deposit: number;
  /** Confirmed money from the payer to the receiver in the house's currency: share payments and settle-up transfers. */
  reached: number;
  /** House-share payments the payer reported that wait for the receiver's word. */
  reported: number;
  /** What the trip's balances say the payer owes in the house's currency (0 when even or owed). */
  owed: number;
  /** What is still due of the share: what has not reached the receiver, at most `owed`. */
  due: number;
  /** The next date something is due, with what is due by then; null when nothing is. */
  next: { date: string | null; amount: number } | null;
};

/** The deposit part of a share: never more than the share itself. */
export function depositOf(share: number, deposit: Deposit): number {
  if (deposit.kind === "fixed") return Math.min(deposit.amount, share);
  if (deposit.kind === "percent") return Math.round((share * deposit.percent) / 100);
  return 0;
}

/**
 * One payer's line. The share's steps (the deposit by its date, the rest by the balance date) say
 * when; the balance in the house's currency says how much at most: once settle-up's transfers are
 * recorded the balance is zero and nothing is due, whoever the money went to.
 */
export function payerLine(
  share: number,
  deposit: Deposit,
  dates: DueDates,
  payments: { reached: number; reported: number },
  balance: number,
): PayerLine {
  const depositAmount = depositOf(share, deposit);
  const { reached } = payments;
  const owed = Math.max(0, -balance);
  const step =
    reached < depositAmount && dates.deposit
      ? { date: dates.deposit, amount: depositAmount - reached }
      : reached < share
        ? { date: dates.balance, amount: share - reached }
        : null;
  const next = step && owed > 0 ? { date: step.date, amount: Math.min(step.amount, owed) } : null;
  const due = Math.min(Math.max(0, share - reached), owed);
  return { share, deposit: depositAmount, ...payments, owed, due, next };
}
