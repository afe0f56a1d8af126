import { data, redirect } from "@remix-run/node";
import { UNKNOWN_REQUEST, handlerFor } from "~/platform/lib/dispatch";
import { setFlash } from "~/platform/services/flash.server";
import { EditionClosedError } from "~/features/season/index.server";
import { formatMoney, parseAmount, readCurrency } from "~/platform/lib/amount";
import { parseExpense, readExpenseForm, type ExpenseFormValues } from "~/features/money/lib/expense-form";
import { expenseLine, paymentLine } from "~/features/money/lib/money-text";
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
  return data({ error, form, fieldErrors, values }, { status });
}

const actorOf = (loaded: LoadedMoney): Actor => ({ id: loaded.me.id, name: loaded.me.name });

/** The people on the trip with the weights a split by weights uses. */
export function ledgerPeople(loaded: LoadedMoney) {
  const weights = new Map(loaded.money.payers.map((payer) => [payer.id, { weight: payer.weight }]));
  for (const id of loaded.money.people) if (!weights.has(id)) weights.set(id, { weight: 100 });
  return weights;
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
  if (!loaded.role.organiser && payment.toUserId !== loaded.me.id) {
    return fail(
      "payments",
      "Only the receiver or an organiser confirms or rejects a payment.",
      undefined,
      undefined,
      403,
    );
  }
  const reason = field(form, "reason", 200);
  if (!confirm && !reason) {
    return fail(
      "payments",
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
    return fail("payments", "That payment was confirmed or rejected already.", undefined, undefined, 409);
  return done(confirm ? "Payment confirmed." : "Payment rejected.");
}

async function settle(loaded: LoadedMoney, form: Form) {
  const from = Number(field(form, "from", 12));
  const to = Number(field(form, "to", 12));
  const currency = readCurrency(field(form, "currency", 10));
  const key = field(form, "key", 36);
  const { people } = loaded.money;
  if (!currency || !people.has(from) || !people.has(to) || from === to || !KEY.test(key)) {
    return fail("settle", "That transfer is not one of this trip's. Reload the page.");
  }
  if (![from, to].includes(loaded.me.id) && !loaded.role.organiser) {
    return fail(
      "settle",
      "Only the two people of a transfer or an organiser record it.",
      undefined,
      undefined,
      403,
    );
  }
  const amount = parseAmount(field(form, "amount", 30), currency);
  if (!amount.ok) return fail("settle", amount.error);
  const payment = {
    fromUserId: from,
    toUserId: to,
    amount: amount.minor,
    currency,
    kind: "settle" as const,
    status: "confirmed" as const,
    recordedBy: loaded.me.id,
    idempotencyKey: key,
    paidOn: new Date().toISOString().slice(0, 10),
    note: "Settle up",
  };
  const name = (id: number | null) => nameOf(loaded.names, id);
  await addPayment(loaded.edition, actorOf(loaded), payment, {
    action: "Settle-up transfer recorded",
    subject: "Transfer",
    newValue: paymentLine(payment, name),
  });
  return done(`Recorded: ${name(from)} paid ${name(to)} ${formatMoney(amount.minor, currency)}.`);
}

/** Adds an expense (once per form key), or refuses with one message per field and the values typed. */
async function newExpense(loaded: LoadedMoney, form: Form) {
  if (!loaded.role.seesLedger)
    return fail("expense", "Only members of the trip add expenses.", undefined, undefined, 403);
  const values: ExpenseFormValues & { key: string } = {
    ...readExpenseForm(form),
    key: field(form, "key", 36),
  };
  if (!KEY.test(values.key)) return fail("expense", "Reload the page and send the form again.");
  const parsed = parseExpense(values, { people: ledgerPeople(loaded) });
  if (!parsed.ok) return fail("expense", Object.values(parsed.fieldErrors)[0], parsed.fieldErrors, values);
  const name = (id: number | null) => nameOf(loaded.names, id);
  const line = expenseLine({ ...parsed.expense, shares: sharesOf(parsed.expense.shares) }, name);
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
  const values = readExpenseForm(form);
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
  const after = expenseLine({ ...parsed.expense, shares: sharesOf(parsed.expense.shares) }, name).summary;
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
