import { redirect } from "@remix-run/node";
import { UNKNOWN_REQUEST, handlerFor } from "~/platform/lib/dispatch";
import { setFlash } from "~/platform/services/flash.server";
import { refuse } from "~/platform/services/refuse.server";
import { EditionClosedError } from "~/features/season/index.server";
import { formatMoney, parseAmount, readCurrency } from "~/platform/lib/amount";
import { parseExpense, readExpenseForm, type ExpenseFormValues } from "~/features/money/lib/expense-form";
import { expenseLine, paymentLine } from "~/features/money/lib/money-text";
import { expensePeople } from "~/features/money/lib/money";
import { mayDecide, owedBetween, recordedStatus, waitingBetween } from "~/features/money/lib/settle";
import {
  addExpense,
  addPayment,
  changeExpense,
  decidePayment,
  type Actor,
} from "~/features/money/models/money-writes.server";
import { loadMoney, nameOf, type LoadedMoney } from "~/features/money/services/money-access.server";

type Form = { get(name: string): unknown; getAll(name: string): unknown[] };
const field = (form: Form, name: string, max = 200) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, max) : "";
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const KEY = /^[0-9a-f-]{36}$/i;

/** After a write: back to the page the form came from, with its message (post/redirect/get). */
export async function done(message: string, to = "/money") {
  return redirect(to, { headers: { "Set-Cookie": await setFlash({ message }) } });
}

export function fail(
  form: string,
  error: string,
  fieldErrors?: Record<string, string>,
  values?: unknown,
  status = 400,
) {
  return refuse<unknown>({ error, form, fieldErrors, values }, { status });
}

const actorOf = (loaded: LoadedMoney): Actor => ({ id: loaded.me.id, name: loaded.me.name });

/** The people on the trip with the weights a split by weights uses. */
export function ledgerPeople(loaded: LoadedMoney) {
  return expensePeople(loaded.money, (id) => nameOf(loaded.names, id));
}

async function reportPayment(loaded: LoadedMoney, form: Form) {
  const { settings, house, money, me } = loaded;
  const recording = form.get("intent") === "record-payment";
  const formName = recording ? "record" : "payment";
  if (!house || money.missing || settings.receiverId === null) {
    return fail(
      formName,
      "Payments open once the house's price and the receiver are set.",
      undefined,
      undefined,
      409,
    );
  }
  if (recording && !loaded.role.organiser && !loaded.role.receiver) {
    return fail(formName, "Only the receiver or an organiser records a payment.", undefined, undefined, 403);
  }
  const values = {
    from: recording ? field(form, "from", 12) : String(me.id),
    amount: field(form, "amount", 30),
    paidOn: field(form, "paidOn", 10),
    note: field(form, "note", 200),
    key: field(form, "key", 36),
  };
  const errors: Record<string, string> = {};
  const from = Number(values.from);
  if (!money.payers.some((payer) => payer.id === from)) {
    errors.from = recording ? "Choose a payer of the house" : "You are not one of the house's payers";
  }
  const amount = parseAmount(values.amount, house.currency);
  if (!amount.ok) errors.amount = amount.error;
  if (values.paidOn && !DATE.test(values.paidOn)) errors.paidOn = "Write the date as YYYY-MM-DD";
  if (!KEY.test(values.key)) return fail(formName, "Reload the page and send the form again.");
  if (Object.keys(errors).length || !amount.ok) {
    return fail(formName, Object.values(errors)[0], errors, values);
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
  const confirm = form.get("intent") === "confirm-payment";
  const id = Number(field(form, "id", 12));
  const payment = loaded.payments.find((p) => p.id === id);
  if (!payment) return fail("payments", "That payment is not on this trip.", undefined, undefined, 404);
  // A settle-up transfer is decided in its currency's settle-up, a house-share payment in Payments.
  const formName = payment.kind === "settle" ? "transfers" : "payments";
  const sides = { from: payment.fromUserId, to: payment.toUserId };
  if (!mayDecide(sides, { id: loaded.me.id, organiser: loaded.role.organiser })) {
    return fail(
      formName,
      "Only the receiver or an organiser (not the payer) confirms or rejects a payment.",
      undefined,
      undefined,
      403,
    );
  }
  const reason = field(form, "reason", 200);
  if (!confirm && !reason) {
    return fail(
      formName,
      "Say why the payment is rejected",
      { [`reason-${id}`]: "Say why the payment is rejected" },
      { id },
    );
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
    return fail(formName, "That payment was confirmed or rejected already.", undefined, undefined, 409);
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
    from: field(form, "from", 12),
    to: field(form, "to", 12),
    currency: field(form, "currency", 10),
    amount: field(form, "amount", 30),
    key: field(form, "key", 36),
  };
  const from = Number(values.from);
  const to = Number(values.to);
  const currency = readCurrency(values.currency);
  const { people, balances, transfers } = loaded.money;
  if (!currency || !people.has(from) || !people.has(to) || from === to || !KEY.test(values.key)) {
    return fail("settle", "That transfer is not one of this trip's. Reload the page.");
  }
  const status = recordedStatus({ from, to }, { id: loaded.me.id, organiser: loaded.role.organiser });
  if (!status) {
    return fail(
      "settle",
      "Only the two people of a transfer or an organiser record it.",
      undefined,
      undefined,
      403,
    );
  }
  if (!balances.has(currency)) {
    return fail(
      "settle",
      `Nobody on this trip has a balance in ${currency}, so there is nothing to settle in it.`,
      undefined,
      values,
    );
  }
  const amount = parseAmount(values.amount, currency);
  if (!amount.ok) return fail("settle", amount.error, { amount: amount.error }, values);
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
  const waiting = waitingBetween(loaded.payments, { from, to }, currency);
  const owed = owedBetween(transfers.get(currency) ?? [], { from, to }, waiting);
  if (amount.minor > owed && form.get("anyway") !== "yes") {
    const already = waiting ? `, besides ${formatMoney(waiting, currency)} reported and waiting` : "";
    const message = `This is more than ${name(from)} owes ${name(to)} (${formatMoney(owed, currency)}${already}). Record anyway?`;
    return fail("settle", message, { anyway: message }, values);
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
    paidOn: new Date().toISOString().slice(0, 10),
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
async function newExpense(loaded: LoadedMoney, form: Form) {
  if (!loaded.role.seesLedger)
    return fail("expense", "Only members of the trip add expenses.", undefined, undefined, 403);
  const values: ExpenseFormValues & { key: string } = {
    ...readExpenseForm(form, loaded.money.people),
    key: field(form, "key", 36),
  };
  if (!KEY.test(values.key)) return fail("expense", "Reload the page and send the form again.");
  const parsed = parseExpense(values, { people: ledgerPeople(loaded) });
  if (!parsed.ok) return fail("expense", Object.values(parsed.fieldErrors)[0], parsed.fieldErrors, values);
  const name = (id: number | null) => nameOf(loaded.names, id);
  const line = expenseLine(
    { ...parsed.expense, shares: sharesOf(parsed.expense.shares), authorId: loaded.me.id },
    name,
  );
  await addExpense(loaded.edition, actorOf(loaded), values.key, parsed.expense, {
    action: "Expense added",
    subject: "Expense",
    newValue: line.summary,
  });
  return done(`Added: ${line.description}, ${line.amount}.`);
}

export const sharesOf = (shares: ReadonlyMap<number, number>) =>
  [...shares].map(([userId, amount]) => ({ userId, amount }));

const STALE =
  "Someone else changed this expense since you opened it, so your change was not saved. It now reads as shown at the top; your values are below: save again to replace it.";

/** Edits or deletes one expense, only from the version the form was opened at. */
export async function changeExpenseAction(loaded: LoadedMoney, id: number, form: Form) {
  const expense = loaded.expenses.find((e) => e.id === id);
  if (!expense || expense.deletedAt) throw new Response("Not found", { status: 404 });
  if (!loaded.role.organiser && expense.authorId !== loaded.me.id) {
    return fail(
      "expense",
      "Only the expense's author or an organiser changes it.",
      undefined,
      undefined,
      403,
    );
  }
  const version = Number(field(form, "version", 12));
  const name = (who: number | null) => nameOf(loaded.names, who);
  const before = expenseLine(expense, name).summary;
  const values = readExpenseForm(form, loaded.money.people);
  const stale = () => fail("expense", STALE, undefined, values, 409);
  if (version !== expense.version) return stale();
  if (form.get("intent") === "delete-expense") {
    const ok = await changeExpense(loaded.edition, actorOf(loaded), id, version, null, {
      action: "Expense deleted",
      subject: `Expense #${id}`,
      oldValue: before,
    });
    return ok ? done(`Deleted: ${expense.description}.`) : stale();
  }
  const parsed = parseExpense(values, { people: ledgerPeople(loaded) });
  if (!parsed.ok) return fail("expense", Object.values(parsed.fieldErrors)[0], parsed.fieldErrors, values);
  const after = expenseLine(
    { ...parsed.expense, shares: sharesOf(parsed.expense.shares), authorId: expense.authorId },
    name,
  ).summary;
  const ok = await changeExpense(loaded.edition, actorOf(loaded), id, version, parsed.expense, {
    action: "Expense edited",
    subject: `Expense #${id}`,
    oldValue: before,
    newValue: after,
  });
  return ok ? done(`Saved: ${parsed.expense.description}.`) : stale();
}

const HANDLERS = {
  "report-payment": reportPayment,
  "record-payment": reportPayment,
  "confirm-payment": decide,
  "reject-payment": decide,
  "add-expense": newExpense,
  settle,
} as const;

/** /money's forms: one handler per intent; an archived trip takes no writes. */
export async function moneyAction(request: Request) {
  const loaded = await loadMoney(request);
  const form = await request.formData();
  const handler = handlerFor(HANDLERS, form.get("intent"));
  if (!handler) return fail("money", UNKNOWN_REQUEST);
  return closedAware(() => handler(loaded, form));
}

/** A write racing a roll-over is refused with the edition's message, never a 500. */
export async function closedAware(run: () => Promise<Response | ReturnType<typeof fail>>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof EditionClosedError) return fail("money", error.message, undefined, undefined, 409);
    throw error;
  }
}
