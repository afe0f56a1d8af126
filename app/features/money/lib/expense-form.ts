import { CURRENCY_MESSAGE, parseAmount, readCurrency } from "~/platform/lib/amount";
import { exactSplitError } from "~/features/money/lib/ledger";
import { splitByWeights, splitEqually } from "~/features/money/lib/shares";

export const DESCRIPTION_MAX = 200;
export const SPLITS = ["equal", "weights", "exact"] as const;
export type Split = (typeof SPLITS)[number];

/** The expense form as typed, kept to show again after a refusal. */
export type ExpenseFormValues = {
  description: string;
  amount: string;
  currency: string;
  paidBy: string;
  split: string;
  sharers: string[];
  exact: Record<string, string>;
};

export type ExpenseContext = {
  /**
   * Who is on the trip (payers and the receiver), and their weights for a split by weights, in the
   * payers' order (lib/money's expensePeople): the sharers are split in this order, never the form's.
   */
  people: ReadonlyMap<number, { weight: number }>;
};

/** The expense form's fields as read (readForm): each one string, the ticked sharers a list. */
type Posted = { share: readonly string[] } & Readonly<Record<string, unknown>>;

const text = (value: unknown, max = 400) => (typeof value === "string" ? value.slice(0, max) : "");

/**
 * The form as typed. `people`: everyone the form lists; an exact amount typed for someone not ticked
 * is kept too, so a refused form gives back everything typed (it counts only for those who share).
 */
export function readExpenseForm(form: Posted, people: Iterable<number> = []): ExpenseFormValues {
  const sharers = form.share.map((value) => text(value, 12));
  const exact: Record<string, string> = {};
  for (const id of people) {
    const typed = text(form[`exact-${id}`], 30);
    if (typed) exact[String(id)] = typed;
  }
  for (const id of sharers) exact[id] = text(form[`exact-${id}`], 30);
  return {
    description: text(form.description, DESCRIPTION_MAX + 50),
    amount: text(form.amount, 30),
    currency: text(form.currency, 10),
    paidBy: text(form.paidBy, 12),
    split: text(form.split, 10),
    sharers,
    exact,
  };
}

export type ParsedExpense = {
  description: string;
  amount: number;
  currency: string;
  paidBy: number;
  split: Split;
  shares: Map<number, number>;
};

/**
 * The expense's values with each sharer's part worked out, or one message per refused field:
 * nothing is saved unless every field holds (the split adds up, somebody shares it, everyone named
 * is on the trip, the amount is readable).
 */
export function parseExpense(
  values: ExpenseFormValues,
  context: ExpenseContext,
): { ok: true; expense: ParsedExpense } | { ok: false; fieldErrors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const description = values.description.trim();
  if (!description) errors.description = "Say what the expense was for";
  else if (description.length > DESCRIPTION_MAX) errors.description = `At most ${DESCRIPTION_MAX} characters`;
  const currency = readCurrency(values.currency);
  if (!currency) errors.currency = CURRENCY_MESSAGE;
  const amount = currency ? parseAmount(values.amount, currency) : null;
  if (amount && !amount.ok) errors.amount = amount.error;
  const paidBy = Number(values.paidBy);
  if (!context.people.has(paidBy)) errors.paidBy = "Choose who paid: someone on the trip";
  const split = (SPLITS as readonly string[]).includes(values.split) ? (values.split as Split) : null;
  if (!split) errors.split = "Choose how to split it";
  const order = [...context.people.keys()];
  const sharers = [...new Set(values.sharers.map(Number))].sort(
    (a, b) => order.indexOf(a) - order.indexOf(b),
  );
  if (sharers.length === 0) errors.share = "Choose who shares it: at least one person";
  else if (sharers.some((id) => !context.people.has(id)))
    errors.share = "Only people on the trip can share it";
  if (Object.keys(errors).length || !amount?.ok || !split || !currency)
    return { ok: false, fieldErrors: errors };

  let shares: Map<number, number>;
  if (split === "equal") shares = splitEqually(amount.minor, sharers);
  else if (split === "weights") {
    const weighted = sharers.map((id) => ({ id, weight: context.people.get(id)!.weight }));
    if (weighted.every((person) => person.weight === 0)) {
      return { ok: false, fieldErrors: { split: "Everyone chosen weighs 0: split it equally instead" } };
    }
    shares = splitByWeights(amount.minor, weighted);
  } else {
    shares = new Map();
    for (const id of sharers) {
      const part = parseAmount(values.exact[String(id)] ?? "", currency, { allowZero: true });
      if (!part.ok) errors[`exact-${id}`] = part.error;
      else shares.set(id, part.minor);
    }
    if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };
    const mismatch = exactSplitError(amount.minor, shares);
    if (mismatch) return { ok: false, fieldErrors: { split: mismatch } };
  }
  return { ok: true, expense: { description, amount: amount.minor, currency, paidBy, split, shares } };
}

/** A stored expense as the form shows it for an edit. */
export function expenseFormValues(
  expense: Omit<ParsedExpense, "shares"> & { shares: ReadonlyArray<{ userId: number; amount: number }> },
  toText: (minor: number, currency: string) => string,
): ExpenseFormValues {
  return {
    description: expense.description,
    amount: toText(expense.amount, expense.currency),
    currency: expense.currency,
    paidBy: String(expense.paidBy),
    split: expense.split,
    sharers: expense.shares.map((share) => String(share.userId)),
    exact: Object.fromEntries(
      expense.shares.map((share) => [String(share.userId), toText(share.amount, expense.currency)]),
    ),
  };
}
