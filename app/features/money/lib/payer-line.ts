/** The deposit asked of each payer: nothing, a fixed amount, or a percentage (0–100) of their share. */
export type Deposit =
  { kind: "none" } | { kind: "fixed"; amount: number } | { kind: "percent"; percent: number };

export type DueDates = { deposit: string | null; balance: string | null };

export type PayerLine = {
  due: number;
  deposit: number;
  confirmed: number;
  reported: number;
  /** What is still to pay; negative when overpaid ("to be refunded"). */
  remaining: number;
  /** The next date something is due, with what is due by then; null when nothing is. */
  next: { date: string | null; amount: number } | null;
};

/** The deposit part of a share: never more than the share itself. */
export function depositOf(share: number, deposit: Deposit): number {
  if (deposit.kind === "fixed") return Math.min(deposit.amount, share);
  if (deposit.kind === "percent") return Math.round((share * deposit.percent) / 100);
  return 0;
}

/** One payer's line: what is due, paid and confirmed, reported, what remains and by when. */
export function payerLine(
  share: number,
  deposit: Deposit,
  dates: DueDates,
  payments: { confirmed: number; reported: number },
): PayerLine {
  const depositAmount = depositOf(share, deposit);
  const remaining = share - payments.confirmed;
  let next: PayerLine["next"] = null;
  if (remaining > 0) {
    next =
      payments.confirmed < depositAmount && dates.deposit
        ? { date: dates.deposit, amount: depositAmount - payments.confirmed }
        : { date: dates.balance, amount: remaining };
  }
  return { due: share, deposit: depositAmount, ...payments, remaining, next };
}
