import type { Balances } from "~/features/money/lib/settle";

/**
 * What moves money between people on the trip. An expense: `paidBy` paid `amount`, and each of
 * `shares` owes their part (the house is one, paid by the receiver and split by the shares). A
 * transfer: `from` gave `to` money (a confirmed payment, a settle-up recorded as paid).
 */
export type LedgerEntry =
  | { kind: "expense"; currency: string; paidBy: number; amount: number; shares: ReadonlyMap<number, number> }
  | { kind: "transfer"; currency: string; from: number; to: number; amount: number };

/** Each person's balance per currency: currencies never mix (no exchange rates are invented). */
export function balancesByCurrency(entries: readonly LedgerEntry[]): Map<string, Balances> {
  const result = new Map<string, Balances>();
  const add = (currency: string, id: number, amount: number) => {
    let balances = result.get(currency);
    if (!balances) result.set(currency, (balances = new Map()));
    balances.set(id, (balances.get(id) ?? 0) + amount);
  };
  for (const entry of entries) {
    if (entry.kind === "expense") {
      add(entry.currency, entry.paidBy, entry.amount);
      for (const [id, share] of entry.shares) add(entry.currency, id, -share);
    } else {
      add(entry.currency, entry.from, entry.amount);
      add(entry.currency, entry.to, -entry.amount);
    }
  }
  return result;
}

/** Exact amounts typed per person must add up to the expense, to the cent. */
export function exactSplitError(total: number, amounts: ReadonlyMap<number, number>): string | null {
  const sum = [...amounts.values()].reduce((acc, amount) => acc + amount, 0);
  return sum === total ? null : "The exact amounts must add up to the expense's amount";
}
