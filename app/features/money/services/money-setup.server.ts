import { z } from "zod";
import { requireOrganiser } from "~/features/accounts/index.server";
import { refuse } from "~/platform/services/refuse.server";
import { UNKNOWN_REQUEST, handlerFor } from "~/platform/lib/dispatch";
import { formatMoney, minorToText, parseAmount } from "~/platform/lib/amount";
import { formatDay } from "~/platform/lib/calendar-day";
import { depositText } from "~/features/money/lib/money-text";
import { computeMoney } from "~/features/money/lib/money";
import { OTHER_CURRENCY_LIMIT, consentLimit } from "~/features/money/lib/consent";
import { CHILD_WEIGHTS, WEIGHT_MESSAGE, formatWeight, parseWeight } from "~/features/money/lib/shares";
import {
  saveHouseReceipt,
  savePayer,
  saveMoneySettings,
  type Actor,
} from "~/features/money/models/money-writes.server";
import { receiptsOfEdition } from "~/features/money/models/receipts.server";
import { readMoneyPost, receiptChange } from "~/features/money/services/receipt.server";
import { loadMoney, nameOf, type LoadedMoney } from "~/features/money/services/money-access.server";
import { closedAware, done } from "~/features/money/services/money-actions.server";
import { ratesSetup, saveRates } from "~/features/money/services/money-rates.server";
import {
  getPaymentReminder,
  getPaymentReminderPreview,
  sendPaymentReminder,
} from "~/features/money/services/money-reminder.server";

const text = z.string().default("");

/** What /money/setup's forms post (readForm): each field one string, a payer's weight as `weight-<id>`. */
const setupForm = z
  .object({
    intent: text,
    receiver: text,
    childWeight: text,
    depositKind: text,
    depositValue: text,
    depositDue: text,
    balanceDue: text,
    instructions: text,
    member: text,
    change: text,
    consentLimit: text,
  })
  .catchall(z.string());
type Form = z.output<typeof setupForm>;
const DATE = /^(\d{4}-\d{2}-\d{2})?$/;
export const INSTRUCTIONS_MAX = 1000;

/** Organisers only: the current trip, for /money/setup. */
export async function loadSetup(request: Request) {
  await requireOrganiser(request);
  const loaded = await loadMoney(request);
  if (loaded.edition.readOnly) throw new Response("Not found", { status: 404 });
  return loaded;
}

export async function getSetupPage(request: Request) {
  const loaded = await loadSetup(request);
  const { settings, house, money, members } = loaded;
  const currency = house?.currency ?? "USD";
  const payerIds = new Set(money.payers.map((payer) => payer.id));
  const [reminder, receipts] = await Promise.all([
    getPaymentReminder(loaded),
    receiptsOfEdition(loaded.edition.id),
  ]);
  // The reminder's confirmation step (?step=reminder), as every mail round has: who gets it, what it says.
  const step = new URL(request.url).searchParams.get("step") === "reminder";
  return {
    shortName: loaded.edition.names.current,
    house: house && {
      title: house.title,
      total: house.total === null ? null : formatMoney(house.total, currency),
    },
    currency,
    missing: money.missing,
    values: {
      receiver: settings.receiverId === null ? "" : String(settings.receiverId),
      childWeight: String(settings.childWeight),
      depositKind: settings.deposit.kind,
      depositValue:
        settings.deposit.kind === "fixed"
          ? minorToText(settings.deposit.amount, currency)
          : settings.deposit.kind === "percent"
            ? String(settings.deposit.percent)
            : "",
      depositDue: settings.depositDue,
      balanceDue: settings.balanceDue,
      instructions: settings.instructions,
    },
    deposit: depositText(settings.deposit, currency),
    consent: {
      value: settings.consentLimit === null ? "" : minorToText(settings.consentLimit, currency),
      limit: formatMoney(limitOf(loaded), currency),
      isDefault: settings.consentLimit === null,
      other: minorToText(OTHER_CURRENCY_LIMIT, "USD"),
    },
    members: members
      .map((member) => {
        const payer = money.payers.find((p) => p.id === member.id);
        return {
          id: member.id,
          name: nameOf(loaded.names, member.id),
          former: member.former === true,
          answered: member.former
            ? "left the group; their share stays"
            : member.attending
              ? `answered ${member.attending}`
              : "no survey answer",
          pays: payerIds.has(member.id),
          weight: payer ? formatWeight(payer.weight) : "",
          defaultWeight: payer ? formatWeight(payer.defaultWeight) : "",
          overridden: member.weight !== null,
          share: payer && !money.missing ? formatMoney(payer.share, currency) : "",
        };
      })
      .sort((a, b) => Number(b.pays) - Number(a.pays) || a.name.localeCompare(b.name)),
    rates: ratesSetup(loaded),
    houseReceipt: receipts.house ?? null,
    reminder,
    reminderStep: step && reminder.canSend ? getPaymentReminderPreview(loaded) : null,
    childWeights: CHILD_WEIGHTS.map((weight) => ({ value: String(weight), label: formatWeight(weight) })),
  };
}

const actorOf = (loaded: LoadedMoney): Actor => ({ id: loaded.me.id, name: loaded.me.name });

/** The consent limit in force in the house's currency (the organiser's, or the house share per person). */
const limitOf = (loaded: LoadedMoney, limit = loaded.settings.consentLimit) =>
  consentLimit(loaded.house?.currency ?? "USD", {
    limit,
    house: loaded.house,
    payers: loaded.money.payers,
  });

/**
 * Above which share an expense's share entered by another member waits for its sharer's consent
 * (decision 030). Empty goes back to the default, the house share per person.
 */
async function saveConsentLimit(loaded: LoadedMoney, form: Form) {
  const currency = loaded.house?.currency ?? "USD";
  const typed = form.consentLimit;
  let limit: number | null = null;
  if (typed !== "") {
    // 0 is a limit too (every share entered for another waits), which parseAmount refuses.
    const amount = /^0+([.,]0+)?$/.test(typed)
      ? { ok: true as const, minor: 0 }
      : parseAmount(typed, currency);
    if (!amount.ok) {
      return refuse({
        form: "consent",
        error: amount.error,
        fieldErrors: { consentLimit: amount.error },
        values: { consentLimit: typed },
      });
    }
    limit = amount.minor;
  }
  const shown = (value: number | null) =>
    `${formatMoney(limitOf(loaded, value), currency)}${value === null ? " (the house share per person)" : ""}`;
  const before = shown(loaded.settings.consentLimit);
  const after = shown(limit);
  // Only the limit: the other settings stay as they are, whatever was saved meanwhile.
  await saveMoneySettings(
    loaded.edition,
    actorOf(loaded),
    { consentLimit: limit },
    loaded.settings.consentLimit === limit
      ? null
      : { action: "Consent limit changed", subject: "Settings", oldValue: before, newValue: after },
  );
  return done(
    `Above ${after} a share entered by someone else waits for its sharer’s consent.`,
    "/money/setup",
  );
}

async function saveSettings(loaded: LoadedMoney, form: Form) {
  const currency = loaded.house?.currency ?? "USD";
  const values = {
    receiver: form.receiver,
    childWeight: form.childWeight,
    depositKind: form.depositKind,
    depositValue: form.depositValue,
    depositDue: form.depositDue,
    balanceDue: form.balanceDue,
    instructions: form.instructions,
  };
  const errors: Record<string, string> = {};
  const receiverId = values.receiver === "" ? null : Number(values.receiver);
  if (receiverId !== null && !loaded.members.some((member) => member.id === receiverId && !member.former)) {
    errors.receiver = "Choose a member";
  }
  const childWeight = Number(values.childWeight);
  if (!(CHILD_WEIGHTS as readonly number[]).includes(childWeight)) errors.childWeight = "Choose 0, 0.5 or 1";
  let depositValue = 0;
  if (values.depositKind === "fixed") {
    const amount = parseAmount(values.depositValue, currency);
    if (amount.ok) depositValue = amount.minor;
    else errors.depositValue = amount.error;
  } else if (values.depositKind === "percent") {
    depositValue = Number(values.depositValue);
    if (!/^\d{1,3}$/.test(values.depositValue) || depositValue < 1 || depositValue > 100) {
      errors.depositValue = "A percentage is a whole number from 1 to 100";
    }
  } else if (values.depositKind !== "none") errors.depositKind = "Choose a kind of deposit";
  if (!DATE.test(values.depositDue)) errors.depositDue = "Write the date as YYYY-MM-DD";
  if (!DATE.test(values.balanceDue)) errors.balanceDue = "Write the date as YYYY-MM-DD";
  if (values.instructions.length > INSTRUCTIONS_MAX)
    errors.instructions = `At most ${INSTRUCTIONS_MAX} characters`;
  if (Object.keys(errors).length) {
    return refuse({ form: "settings", error: Object.values(errors)[0], fieldErrors: errors, values });
  }

  const row = {
    receiverId,
    childWeight,
    depositKind: values.depositKind as "none" | "fixed" | "percent",
    depositValue,
    depositDue: values.depositDue,
    balanceDue: values.balanceDue,
    instructions: values.instructions,
  };
  const { settings } = loaded;
  const describe = (s: typeof row) =>
    [
      `receiver ${nameOf(loaded.names, s.receiverId) || "none"}`,
      `child weight ${formatWeight(s.childWeight)}`,
      `deposit ${
        s.depositKind === "fixed"
          ? formatMoney(s.depositValue, currency)
          : s.depositKind === "percent"
            ? `${s.depositValue}%`
            : "none"
      }`,
      `deposit due ${formatDay(s.depositDue) || "—"}`,
      `rest due ${formatDay(s.balanceDue) || "—"}`,
      `instructions “${s.instructions}”`,
    ].join("; ");
  const before = describe({
    receiverId: settings.receiverId,
    childWeight: settings.childWeight,
    depositKind: settings.deposit.kind,
    depositValue:
      settings.deposit.kind === "fixed"
        ? settings.deposit.amount
        : settings.deposit.kind === "percent"
          ? settings.deposit.percent
          : 0,
    depositDue: settings.depositDue,
    balanceDue: settings.balanceDue,
    instructions: settings.instructions,
  });
  const after = describe(row);
  await saveMoneySettings(
    loaded.edition,
    actorOf(loaded),
    row,
    before === after
      ? null
      : { action: "Money settings changed", subject: "Settings", oldValue: before, newValue: after },
  );
  return done("The money settings are saved.", "/money/setup");
}

/** What the confirmation of a re-split says: the share that moves, and each payer's new share. */
function resplitQuestion(loaded: LoadedMoney, id: number) {
  const currency = loaded.house?.currency ?? "USD";
  const members = loaded.input.members.map((m) => (m.id === id ? { ...m, included: false } : m));
  const after = computeMoney({ ...loaded.input, members });
  const before = new Map(loaded.money.payers.map((p) => [p.id, p.share]));
  const name = (payerId: number) => nameOf(loaded.names, payerId);
  const shares = after.payers
    .map(
      (p) =>
        `${name(p.id)} ${formatMoney(p.share, currency)} (now ${formatMoney(before.get(p.id) ?? 0, currency)})`,
    )
    .join(", ");
  const moved = formatMoney(before.get(id) ?? 0, currency);
  return after.missing
    ? `${name(id)}’s share (${moved}) cannot be re-split: ${after.missing}`
    : `Re-split ${name(id)}’s share (${moved}) over the others? Each new share: ${shares}. What ${name(id)} paid stays theirs in the ledger. Tick “Yes, re-split it” to confirm.`;
}

async function changePayer(loaded: LoadedMoney, form: Form) {
  const id = Number(form.member);
  const member = loaded.members.find((m) => m.id === id);
  if (!member) return refuse({ form: "payers", error: "Choose a member." });
  const payer = loaded.money.payers.find((p) => p.id === id);
  const action = form.change;
  const actor = actorOf(loaded);
  // A former member's share is kept when they leave (decision 031): spreading it over the others is
  // the organiser's choice, made once they have seen each new share.
  const confirm = `resplit-${id}`;
  if (action === "remove" && member.former && payer && form[confirm] !== "yes") {
    const error = resplitQuestion(loaded, id);
    return refuse({
      form: "payers",
      error,
      fieldErrors: { [confirm]: error },
      values: { member: String(id) },
    });
  }
  if (action === "add" || action === "remove") {
    await savePayer(
      loaded.edition,
      actor,
      id,
      { included: action === "add" },
      {
        action: action === "add" ? "Payer added" : member.former ? "Share re-split" : "Payer removed",
        subject: member.name,
        oldValue: payer ? "pays" : "does not pay",
        newValue: action === "add" ? "pays" : "does not pay",
      },
    );
    return done(
      `${member.name} ${action === "add" ? "pays" : "no longer pays"} for the house.`,
      "/money/setup",
    );
  }
  const name = `weight-${id}`;
  const typed = form[name] ?? "";
  const weight = typed === "" ? null : parseWeight(typed);
  if (typed !== "" && weight === null) {
    return refuse({
      form: "payers",
      error: WEIGHT_MESSAGE,
      fieldErrors: { [name]: WEIGHT_MESSAGE },
      values: { [name]: typed },
    });
  }
  const shown = (value: number | null | undefined) =>
    value === null || value === undefined ? "default" : formatWeight(value);
  await savePayer(
    loaded.edition,
    actor,
    id,
    { weight },
    {
      action: "Weight changed",
      subject: member.name,
      oldValue:
        member.weight === null
          ? `default (${payer ? formatWeight(payer.defaultWeight) : "—"})`
          : shown(member.weight),
      newValue: shown(weight),
    },
  );
  return done(
    `${member.name}’s weight is ${weight === null ? "back to the default" : formatWeight(weight)}.`,
    "/money/setup",
  );
}

async function remind(loaded: LoadedMoney) {
  const outcome = await sendPaymentReminder(loaded);
  if (!outcome.ok) return refuse({ form: "reminder", error: outcome.error }, { status: 409 });
  const failed = outcome.failed ? ` ${outcome.failed} could not be sent: you may send again now.` : "";
  return done(
    `Payment reminder sent to ${outcome.sent} ${outcome.sent === 1 ? "payer" : "payers"}.${failed}`,
    "/money/setup",
  );
}

/** The house's booking confirmation (decision 035): kept, replaced or removed like an expense's receipt. */
async function houseReceipt(loaded: LoadedMoney, form: Form, upload: File | null) {
  const remove = form.intent === "remove-house-receipt";
  if (!remove && !upload) {
    const error = "Choose the booking confirmation (a photo or a PDF).";
    return refuse({ form: "house-receipt", error, fieldErrors: { receipt: error } });
  }
  const receipt = await receiptChange(upload, remove);
  if (!receipt.ok)
    return refuse({ form: "house-receipt", error: receipt.error, fieldErrors: { receipt: receipt.error } });
  await saveHouseReceipt(
    loaded.edition,
    actorOf(loaded),
    receipt.change === "remove" || receipt.change === undefined ? null : receipt.change,
    {
      action: remove ? "Booking confirmation removed" : "Booking confirmation kept",
      subject: "House",
    },
  );
  return done(
    remove ? "The booking confirmation is removed." : "The booking confirmation is kept.",
    "/money/setup",
  );
}

const HANDLERS = {
  settings: saveSettings,
  "house-receipt": houseReceipt,
  "remove-house-receipt": houseReceipt,
  "consent-limit": saveConsentLimit,
  payer: changePayer,
  rates: saveRates,
  "send-reminder": remind,
} as const;

export async function setupAction(request: Request) {
  const loaded = await loadSetup(request);
  const { read, upload } = await readMoneyPost(request, setupForm, {});
  if (!read.ok) return refuse({ ...read.failure, form: "money" });
  const handler = handlerFor(HANDLERS, read.data.intent);
  if (!handler) return refuse({ form: "money", error: UNKNOWN_REQUEST });
  return closedAware(() => handler(loaded, read.data, upload));
}
