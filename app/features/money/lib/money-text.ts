import { formatMoney } from "~/platform/lib/amount";
import { formatDay } from "~/platform/lib/calendar-day";
import type { Deposit } from "~/features/money/lib/payer-line";
import type { ShareStatus } from "~/features/money/lib/consent";

type Name = (id: number | null) => string;

const SPLITS = {
  equal: "split equally",
  weights: "split by weights",
  exact: "split by exact amounts",
} as const;

type ExpenseText = {
  description: string;
  amount: number;
  currency: string;
  paidBy: number;
  split: keyof typeof SPLITS;
  shares: ReadonlyArray<{ userId: number; amount: number; status?: ShareStatus }>;
  authorId: number | null;
};

/** Where a share stands with its sharer's consent, in words ("" when it simply counts). */
const CONSENT: Record<ShareStatus, (sharer: string, author: string) => string> = {
  counts: () => "",
  open: (_sharer, author) => `entered by ${author}`,
  waiting: (sharer) => `waits for ${sharer}’s consent`,
  refused: (sharer) => `refused by ${sharer}, out until an organiser decides`,
  removed: () => "removed by an organiser",
};

/**
 * One share in words: "Alex $30.00 (waits for Alex’s consent)". A share that counts as entered for
 * someone else says "entered by" only where its sharer answers it (`open`): the ledger would say it
 * of nearly every share, as most expenses are entered by their payer for the group.
 */
export function shareText(
  expense: Pick<ExpenseText, "currency" | "authorId">,
  share: ExpenseText["shares"][number],
  name: Name,
  { open = false } = {},
): string {
  const status = share.status === "open" && !open ? "counts" : (share.status ?? "counts");
  const consent = CONSENT[status](name(share.userId), name(expense.authorId));
  return `${name(share.userId)} ${formatMoney(share.amount, expense.currency)}${consent ? ` (${consent})` : ""}`;
}

/**
 * One expense in words, as the ledger, the history and the CSV show it. An expense entered by
 * someone other than its payer says by whom (`enteredBy`, "" otherwise): one member cannot quietly
 * put a cost on another's name. Each share says where it stands with its sharer's consent.
 */
export function expenseLine(expense: ExpenseText, name: Name) {
  const shares = expense.shares.map((share) => shareText(expense, share, name)).join(", ");
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
