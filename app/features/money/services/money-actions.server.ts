import { redirect } from "@remix-run/node";
import { z } from "zod";
import { UNKNOWN_REQUEST, handlerFor } from "~/platform/lib/dispatch";
import { setFlash } from "~/platform/services/flash.server";
import type { ReadOptions } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";
import { EditionClosedError } from "~/features/season/index.server";
import { dayIn } from "~/features/season/lib/season-state";
import { env } from "~/platform/env.server";
import { formatMoney, parseAmount, readCurrency } from "~/platform/lib/amount";
import { tooLong } from "~/platform/lib/limits";
import { parseExpense, readExpenseForm, type ExpenseFormValues } from "~/features/money/lib/expense-form";
import { expenseLine, paymentLine, shareText } from "~/features/money/lib/money-text";
import {
  ANSWERS,
  consentLimit,
  editedShareStatuses,
  mayAnswer,
  newShareStatus,
  type ShareAnswer,
} from "~/features/money/lib/consent";
import { expensePeople } from "~/features/money/lib/money";
import { mayDecide, owedBetween, recordedStatus, waitingBetween } from "~/features/money/lib/settle";
import {
  addExpense,
  addPayment,
  answerShare,
  changeExpense,
  decidePayment,
  type Actor,
} from "~/features/money/models/money-writes.server";
import { loadMoney, nameOf, type LoadedMoney } from "~/features/money/services/money-access.server";
import { writeOff } from "~/features/money/services/money-former.server";
import { readMoneyPost, receiptChange } from "~/features/money/services/receipt.server";

const text = z.string().default("");

/**
 * What the money pages' forms post (readForm): each field one string, empty when not sent; the
 * expense's sharers ticked (`share`) a list; an exact amount per person as `exact-<id>`, a payer's
 * weight as `weight-<id>` (/money/setup).
 */
export const moneyForm = z
  .object({
    intent: text,
    key: text,
    id: text,
    from: text,
    to: text,
    amount: text,
    currency: text,
    paidOn: text,
    note: text,
    reason: text,
    anyway: text,
    version: text,
    member: text,
    confirm: text,
    removeReceipt: text,
    share: z.array(z.string()),
  })
  .catchall(z.string());
type Form = z.output<typeof moneyForm>;

/** The longest payment note and rejection reason: longer is refused, like every field with a limit. */
export const NOTE_MAX = 200;

/** How the money forms are read: every field to the shared cut, so a limit answers in its own words. */
export const MONEY_READ: ReadOptions = {};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const KEY = /^[0-9a-f-]{36}$/i;

/** After a write: back to the page the form came from, with its message (post/redirect/get). */
export async function done(message: string, to = "/money") {
  return redirect(to, { headers: { "Set-Cookie": await setFlash({ message }) } });
}

const actorOf = (loaded: LoadedMoney): Actor => ({ id: loaded.me.id, name: loaded.me.name });

/** The people on the trip with the weights a split by weights uses. */
export function ledgerPeople(loaded: LoadedMoney, kept: Iterable<number> = []) {
  const people = new Set([...loaded.money.people, ...kept]);
  return expensePeople({ ...loaded.money, people }, (id) => nameOf(loaded.names, id));
}

/**
 * Who an edit of `expense` may name: the trip's people, and whoever is on it already, so a former
 * member's payment or share is never dropped by an edit that did not mean to (decision 031).
 */
export const editablePeople = (
  loaded: LoadedMoney,
  expense: { paidBy: number; shares: ReadonlyArray<{ userId: number }> },
) => ledgerPeople(loaded, [expense.paidBy, ...expense.shares.map((share) => share.userId)]);

async function reportPayment(loaded: LoadedMoney, form: Form) {
  const { settings, house, money, me } = loaded;
  const recording = form.intent === "record-payment";
  const formName = recording ? "record" : "payment";
  if (!house || money.missing || settings.receiverId === null) {
    return refuse(
      { form: formName, error: "Payments open once the house's price and the receiver are set." },
      { status: 409 },
    );
  }
  if (recording && !loaded.role.organiser && !loaded.role.receiver) {
    return refuse(
      { form: formName, error: "Only the receiver or an organiser records a payment." },
      { status: 403 },
    );
  }
  const { amount: amountText, paidOn, note, key } = form;
  const values = { from: recording ? form.from : String(me.id), amount: amountText, paidOn, note, key };
  const errors: Record<string, string> = {};
  const from = Number(values.from);
  if (!money.payers.some((payer) => payer.id === from)) {
    errors.from = recording ? "Choose a payer of the house" : "You are not one of the house's payers";
  }
  const amount = parseAmount(values.amount, house.currency);
  if (!amount.ok) errors.amount = amount.error;
  if (values.paidOn && !DATE.test(values.paidOn)) errors.paidOn = "Write the date as YYYY-MM-DD";
  if (values.note.length > NOTE_MAX) errors.note = tooLong("Note", NOTE_MAX);
  if (!KEY.test(values.key))
    return refuse({ form: formName, error: "Reload the page and send the form again." });
  if (Object.keys(errors).length || !amount.ok) {
    return refuse({ form: formName, error: Object.values(errors)[0], fieldErrors: errors, values });
  }
  const payment = {
    fromUserId: from,
    toUserId: settings.receiverId,
    amount: amount.minor,
    currency: house.currency,
    kind: "share" as const,
    status: recording ? ("confirmed" as const) : ("reported" as const),
    paidOn: values.paidOn,
    note: values.note,
    recordedBy: me.id,
    idempotencyKey: values.key,
  };
  const name = (id: number | null) => nameOf(loaded.names, id);
  await addPayment(loaded.edition, actorOf(loaded), payment, {
    action: recording ? "Payment recorded" : "Payment reported",
    subject: "Payment",
    newValue: paymentLine(payment, name),
  });
  const text = formatMoney(amount.minor, house.currency);
  return done(
    recording
      ? `Recorded: ${name(from)} paid ${text}.`
      : `Reported: you paid ${text}. The receiver confirms it.`,
  );
}

async function decide(loaded: LoadedMoney, form: Form) {
  const confirm = form.intent === "confirm-payment";
  const id = Number(form.id);
  const payment = loaded.payments.find((p) => p.id === id);
  if (!payment)
    return refuse({ form: "payments", error: "That payment is not on this trip." }, { status: 404 });
  // A settle-up transfer is decided in its currency's settle-up, a house-share payment in Payments.
  const formName = payment.kind === "settle" ? "transfers" : "payments";
  const sides = { from: payment.fromUserId, to: payment.toUserId };
  if (!mayDecide(sides, { id: loaded.me.id, organiser: loaded.role.organiser })) {
    return refuse(
      {
        form: formName,
        error: "Only the receiver or an organiser (not the payer) confirms or rejects a payment.",
      },
      { status: 403 },
    );
  }
  const { reason } = form;
  if (!confirm && !reason) {
    const error = "Say why the payment is rejected";
    return refuse({ form: formName, error, fieldErrors: { [`reason-${id}`]: error }, values: { id } });
  }
  if (reason.length > NOTE_MAX) {
    const error = tooLong("Reason", NOTE_MAX);
    return refuse({
      form: formName,
      error,
      fieldErrors: { [`reason-${id}`]: error },
      values: { id, reason },
    });
  }
  const name = (who: number | null) => nameOf(loaded.names, who);
  const status = confirm ? ("confirmed" as const) : ("rejected" as const);
  const changed = await decidePayment(
    loaded.edition,
    actorOf(loaded),
    id,
    { status, reason },
    {
      action: confirm ? "Payment confirmed" : "Payment rejected",
      subject: `Payment #${id}`,
      oldValue: paymentLine(payment, name),
      newValue: paymentLine({ ...payment, status }, name) + (reason ? `: ${reason}` : ""),
    },
  );
  if (!changed)
    return refuse(
      { form: formName, error: "That payment was confirmed or rejected already." },
      { status: 409 },
    );
  const what = payment.kind === "settle" ? "Transfer" : "Payment";
  return done(confirm ? `${what} confirmed.` : `${what} rejected.`);
}

/**
 * Settle-up's "Record as paid": the payer's own record waits for the receiving side (recordedStatus);
 * a currency nobody has a balance in is refused, and more than the two owe each other needs the
 * form's "Record anyway" (the refusal keeps what was typed and asks for it).
 */
async function settle(loaded: LoadedMoney, form: Form) {
  const values = {
    from: form.from,
    to: form.to,
    currency: form.currency,
    amount: form.amount,
    key: form.key,
  };
  const from = Number(values.from);
  const to = Number(values.to);
  const currency = readCurrency(values.currency);
  const { people, former, settleBalances, folded, transfers, formerTransfers } = loaded.money;
  const named = (id: number) => people.has(id) || former.has(id);
  if (!currency || !named(from) || !named(to) || from === to || !KEY.test(values.key)) {
    return refuse({ form: "settle", error: "That transfer is not one of this trip's. Reload the page." });
  }
  // Someone who left can neither record nor confirm: only an organiser settles with them (decision 031).
  const withFormer = former.has(from) || former.has(to);
  const status =
    withFormer && !loaded.role.organiser
      ? null
      : recordedStatus({ from, to }, { id: loaded.me.id, organiser: loaded.role.organiser });
  if (!status) {
    return refuse(
      { form: "settle", error: "Only the two people of a transfer or an organiser record it." },
      { status: 403 },
    );
  }
  if (folded.has(currency)) {
    const main = loaded.house?.currency ?? "USD";
    const error = `${currency} settles in ${main} at the organiser's rate: record the transfer in ${main}.`;
    return refuse({ form: "settle", error, values });
  }
  if (!settleBalances.has(currency)) {
    const error = `Nobody on this trip has a balance in ${currency}, so there is nothing to settle in it.`;
    return refuse({ form: "settle", error, values });
  }
  const amount = parseAmount(values.amount, currency);
  if (!amount.ok)
    return refuse({ form: "settle", error: amount.error, fieldErrors: { amount: amount.error }, values });
  const name = (id: number | null) => nameOf(loaded.names, id);
  const text = `${name(from)} paid ${name(to)} ${formatMoney(amount.minor, currency)}`;
  const answer = () =>
    done(
      status === "reported"
        ? `Reported: ${text}. It counts once ${name(to)} confirms it.`
        : `Recorded: ${text}.`,
    );
  // A double submit of a form already recorded: the first one counts, the limit below must not
  // refuse its twin for the debt it has just paid.
  if (loaded.payments.some((p) => p.idempotencyKey === values.key)) return answer();
  // A payment reported in a currency that now settles in the house's counts there, converted.
  const intoThis = currency === (loaded.house?.currency ?? "USD") ? folded : undefined;
  const waiting = waitingBetween(loaded.payments, { from, to }, currency, intoThis);
  const listed = [...(transfers.get(currency) ?? []), ...(formerTransfers.get(currency) ?? [])];
  const owed = owedBetween(listed, { from, to }, waiting);
  if (amount.minor > owed && form.anyway !== "yes") {
    const gross = listed.find((t) => t.from === from && t.to === to)?.amount ?? 0;
    const already = waiting
      ? `: ${formatMoney(gross, currency)} less the ${formatMoney(waiting, currency)} reported and waiting`
      : "";
    const error = `This is more than ${name(from)} owes ${name(to)} (${formatMoney(owed, currency)}${already}). Record anyway?`;
    return refuse({ form: "settle", error, fieldErrors: { anyway: error }, values });
  }
  const payment = {
    fromUserId: from,
    toUserId: to,
    amount: amount.minor,
    currency,
    kind: "settle" as const,
    status,
    recordedBy: loaded.me.id,
    idempotencyKey: values.key,
    // The day it is where the group meets, not in UTC (an evening in the Americas is tomorrow there).
    paidOn: dayIn(new Date(), env().eventTimeZone),
    note: "Settle up",
  };
  await addPayment(loaded.edition, actorOf(loaded), payment, {
    action: status === "reported" ? "Settle-up transfer reported" : "Settle-up transfer recorded",
    subject: "Transfer",
    newValue: paymentLine(payment, name),
  });
  return answer();
}

/** Adds an expense (once per form key), or refuses with one message per field and the values typed. */
async function newExpense(loaded: LoadedMoney, form: Form, upload: File | null) {
  if (!loaded.role.seesLedger)
    return refuse({ form: "expense", error: "Only members of the trip add expenses." }, { status: 403 });
  const values: ExpenseFormValues & { key: string } = {
    ...readExpenseForm(form, loaded.money.people),
    key: form.key,
  };
  if (!KEY.test(values.key))
    return refuse({ form: "expense", error: "Reload the page and send the form again." });
  const parsed = parseExpense(values, { people: ledgerPeople(loaded) });
  if (!parsed.ok) {
    const { fieldErrors } = parsed;
    return refuse({ form: "expense", error: Object.values(fieldErrors)[0], fieldErrors, values });
  }
  const receipt = await receiptChange(upload, false);
  if (!receipt.ok)
    return refuse({ form: "expense", error: receipt.error, fieldErrors: { receipt: receipt.error }, values });
  const name = (id: number | null) => nameOf(loaded.names, id);
  const entry = consentEntry(loaded, loaded.me.id, parsed.expense.currency);
  const statuses = new Map(
    [...parsed.expense.shares].map(([userId, amount]) => [userId, newShareStatus({ userId, amount }, entry)]),
  );
  const line = expenseLine(
    { ...parsed.expense, shares: sharesOf(parsed.expense.shares, statuses), authorId: loaded.me.id },
    name,
  );
  await addExpense(
    loaded.edition,
    actorOf(loaded),
    values.key,
    parsed.expense,
    statuses,
    { action: "Expense added", subject: "Expense", newValue: line.summary },
    receipt.change,
  );
  const waiting = [...statuses].filter(([, status]) => status === "waiting").map(([id]) => name(id));
  const wait = waiting.length
    ? ` Above ${formatMoney(entry.limit, parsed.expense.currency)} a share waits for its sharer’s consent: ${waiting.join(", ")}.`
    : "";
  return done(`Added: ${line.description}, ${line.amount}.${wait}`);
}

/**
 * Who enters an expense and the limit above which a share they enter for someone else waits: an
 * organiser's entries count at once (decision 030).
 */
function consentEntry(loaded: LoadedMoney, authorId: number, currency: string) {
  const limit = consentLimit(currency, {
    limit: loaded.settings.consentLimit,
    house: loaded.house,
    payers: loaded.money.payers,
  });
  return { authorId, organiser: loaded.role.organiser, limit };
}

export const sharesOf = (
  shares: ReadonlyMap<number, number>,
  statuses?: ReadonlyMap<number, ShareStatusOf>,
) => [...shares].map(([userId, amount]) => ({ userId, amount, status: statuses?.get(userId) }));
type ShareStatusOf = ReturnType<typeof newShareStatus>;

const ANSWER_INTENTS: Record<string, ShareAnswer> = {
  "accept-share": "accept",
  "refuse-share": "refuse",
  "remove-share": "remove",
};
const ANSWERED = { accept: "Share accepted", refuse: "Share refused", remove: "Share removed" } as const;

/**
 * A sharer accepts or refuses their share of an expense someone else entered; an organiser accepts a
 * waiting or refused share back in, or removes it. One post, no JavaScript needed.
 */
async function answerShareAction(loaded: LoadedMoney, form: Form) {
  const answer = ANSWER_INTENTS[form.intent];
  const id = Number(form.id);
  const sharer = Number(form.member);
  const expense = loaded.expenses.find((e) => e.id === id && e.deletedAt === null);
  const share = expense?.shares.find((s) => s.userId === sharer);
  if (!expense || !share)
    return refuse({ form: "consent", error: "That share is not on this trip." }, { status: 404 });
  if (!mayAnswer(answer, sharer, { id: loaded.me.id, organiser: loaded.role.organiser })) {
    const error =
      answer === "remove"
        ? "Only an organiser removes a share."
        : "Only the member who shares it (or an organiser, to accept it) answers for a share.";
    return refuse({ form: "consent", error }, { status: 403 });
  }
  const rule = ANSWERS[answer];
  const name = (who: number | null) => nameOf(loaded.names, who);
  const line = (status: typeof share.status) =>
    `${expense.description}: ${shareText(expense, { ...share, status }, name, { open: true })}`;
  const answered = () =>
    refuse({ form: "consent", error: "That share was answered already." }, { status: 409 });
  if (!rule.from.includes(share.status)) return answered();
  const ok = await answerShare(loaded.edition, actorOf(loaded), { expenseId: id, userId: sharer }, rule, {
    action: ANSWERED[answer],
    subject: `Expense #${id}`,
    oldValue: line(share.status),
    newValue: line(rule.to),
  });
  if (!ok) return answered();
  const whose = `${name(sharer)}’s share of “${expense.description}”`;
  return done(
    answer === "accept"
      ? `Accepted: ${whose} counts now.`
      : answer === "refuse"
        ? `Refused: ${whose} is out of the balances until an organiser decides.`
        : `Removed: ${whose} is out of the balances.`,
  );
}

const STALE =
  "Someone else changed this expense since you opened it, so your change was not saved. It now reads as shown at the top; your values are below: save again to replace it.";

/** Edits or deletes one expense, only from the version the form was opened at. */
export async function changeExpenseAction(
  loaded: LoadedMoney,
  id: number,
  form: Form,
  upload: File | null = null,
) {
  const expense = loaded.expenses.find((e) => e.id === id);
  if (!expense || expense.deletedAt) throw new Response("Not found", { status: 404 });
  if (!loaded.role.organiser && expense.authorId !== loaded.me.id) {
    return refuse(
      { form: "expense", error: "Only the expense's author or an organiser changes it." },
      { status: 403 },
    );
  }
  const version = Number(form.version);
  const name = (who: number | null) => nameOf(loaded.names, who);
  const before = expenseLine(expense, name).summary;
  const people = editablePeople(loaded, expense);
  const values = readExpenseForm(form, people.keys());
  const stale = () => refuse({ form: "expense", error: STALE, values }, { status: 409 });
  if (version !== expense.version) return stale();
  if (form.intent === "delete-expense") {
    const ok = await changeExpense(loaded.edition, actorOf(loaded), id, version, null, () => new Map(), {
      action: "Expense deleted",
      subject: `Expense #${id}`,
      oldValue: before,
    });
    return ok ? done(`Deleted: ${expense.description}.`) : stale();
  }
  const parsed = parseExpense(values, { people });
  if (!parsed.ok) {
    const { fieldErrors } = parsed;
    return refuse({ form: "expense", error: Object.values(fieldErrors)[0], fieldErrors, values });
  }
  const receipt = await receiptChange(upload, form.removeReceipt === "yes");
  if (!receipt.ok)
    return refuse({ form: "expense", error: receipt.error, fieldErrors: { receipt: receipt.error }, values });
  // The editor enters what changed: a share whose amount stays keeps its sharer's answer.
  const entry = consentEntry(loaded, loaded.me.id, parsed.expense.currency);
  const statusesFrom = (old: Map<number, { amount: number; status: ShareStatusOf }>) =>
    editedShareStatuses(old, parsed.expense.shares, entry);
  const known = new Map(expense.shares.map(({ userId, ...share }) => [userId, share]));
  const after = expenseLine(
    {
      ...parsed.expense,
      shares: sharesOf(parsed.expense.shares, statusesFrom(known)),
      authorId: expense.authorId,
    },
    name,
  ).summary;
  const receiptNote = { remove: " (receipt removed)", keep: "", new: " (receipt attached)" }[
    receipt.change === undefined ? "keep" : receipt.change === "remove" ? "remove" : "new"
  ];
  const ok = await changeExpense(
    loaded.edition,
    actorOf(loaded),
    id,
    version,
    parsed.expense,
    statusesFrom,
    { action: "Expense edited", subject: `Expense #${id}`, oldValue: before, newValue: after + receiptNote },
    receipt.change,
  );
  return ok ? done(`Saved: ${parsed.expense.description}.`) : stale();
}

const HANDLERS = {
  "report-payment": reportPayment,
  "record-payment": reportPayment,
  "confirm-payment": decide,
  "reject-payment": decide,
  "add-expense": newExpense,
  "accept-share": answerShareAction,
  "refuse-share": answerShareAction,
  "remove-share": answerShareAction,
  settle,
  "write-off": writeOff,
} as const;

/** /money's forms: one handler per intent; an archived trip takes no writes. */
export async function moneyAction(request: Request) {
  const loaded = await loadMoney(request);
  const { read, upload } = await readMoneyPost(request, moneyForm, MONEY_READ);
  if (!read.ok) return refuse({ ...read.failure, form: "money" });
  const handler = handlerFor(HANDLERS, read.data.intent);
  if (!handler) return refuse({ form: "money", error: UNKNOWN_REQUEST });
  return closedAware(() => handler(loaded, read.data, upload));
}

/** A write racing a roll-over is refused with the edition's message, never a 500. */
export async function closedAware(run: () => Promise<Response | ReturnType<typeof refuse<unknown>>>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof EditionClosedError)
      return refuse({ form: "money", error: error.message }, { status: 409 });
    throw error;
  }
}
