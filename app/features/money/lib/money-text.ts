import { formatMoney } from "~/platform/lib/amount";
import { formatDay } from "~/platform/lib/calendar-day";
import type { Deposit } from "~/features/money/lib/payer-line";

type Name = (id: number | null) => string;

const SPLITS = {
  equal: "split equally",
  weights: "split by weights",
  exact: "split by exact amounts",
} as const;

/**
 * One expense in words, as the ledger, the history and the CSV show it. An expense entered by
 * someone other than its payer says by whom (`enteredBy`, "" otherwise): one member cannot quietly
 * put a cost on another's name.
 */
export function expenseLine(
  expense: {
    description: string;
    amount: number;
    currency: string;
    paidBy: number;
    split: keyof typeof SPLITS;
    shares: ReadonlyArray<{ userId: number; amount: number }>;
    authorId: number | null;
  },
  name: Name,
) {
  const shares = expense.shares
    .map((share) => `${name(share.userId)} ${formatMoney(share.amount, expense.currency)}`)
    .join(", ");
  const enteredBy =
    expense.authorId !== null && expense.authorId !== expense.paidBy ? name(expense.authorId) : "";
  return {
    description: expense.description,
    amount: formatMoney(expense.amount, expense.currency),
    currency: expense.currency,
    paidBy: name(expense.paidBy),
    split: SPLITS[expense.split],
    shares,
    enteredBy,
    summary: `${expense.description}: ${formatMoney(expense.amount, expense.currency)} paid by ${name(expense.paidBy)}${enteredBy ? `, entered by ${enteredBy}` : ""}, ${SPLITS[expense.split]} (${shares})`,
  };
}

const STATUS = { reported: "reported", confirmed: "confirmed", rejected: "rejected" } as const;

/** One payment in words: "Sam paid Alex $200.00 on June 1, 2025 (reported)". */
export function paymentLine(
  payment: {
    fromUserId: number;
    toUserId: number;
    amount: number;
    currency: string;
    paidOn: string;
    note: string;
    status: keyof typeof STATUS;
  },
  name: Name,
) {
  const on = payment.paidOn ? ` on ${formatDay(payment.paidOn)}` : "";
  const note = payment.note ? ` — ${payment.note}` : "";
  return `${name(payment.fromUserId)} paid ${name(payment.toUserId)} ${formatMoney(payment.amount, payment.currency)}${on}${note} (${STATUS[payment.status]})`;
}

export function depositText(deposit: Deposit, currency: string): string {
  if (deposit.kind === "fixed") return `${formatMoney(deposit.amount, currency)} per payer`;
  if (deposit.kind === "percent") return `${deposit.percent}% of each share`;
  return "";
}

/** Instructions are text; only http(s) addresses become links (never javascript: or data:). */
export function instructionParts(text: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/gi)) {
    const url = match[0].replace(/[.,;:!?)]+$/, "");
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** "$62.50 by June 1, 2025": what a payer's line says is due next; "" when nothing is. */
export function dueText(next: { amount: number; date: string | null } | null, currency: string): string {
  if (!next) return "";
  return `${formatMoney(next.amount, currency)}${next.date ? ` by ${formatDay(next.date)}` : ""}`;
}
