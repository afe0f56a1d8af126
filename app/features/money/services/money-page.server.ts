import { receiptsOfEdition } from "~/features/money/models/receipts.server";
import { listArchivedEditions } from "~/features/season/index.server";
import { formatMoney, minorToText } from "~/platform/lib/amount";
import { formatDay } from "~/platform/lib/calendar-day";
import { depositText, dueText, expenseLine, paymentLine, shareText } from "~/features/money/lib/money-text";
import { answersFor } from "~/features/money/lib/consent";
import { mayDecide, waitingBetween } from "~/features/money/lib/settle";
import { formatWeight } from "~/features/money/lib/shares";
import { formKey, loadMoney, nameOf, type LoadedMoney } from "~/features/money/services/money-access.server";
import { writeOffOf } from "~/features/money/services/money-former.server";
import { hasPayDetails, payWays, type Owed, type PayDetails } from "~/features/money/lib/pay-links";
import { getPayDetails, payDetailsOf } from "~/features/money/models/pay-details.server";
import { convertAmount } from "~/features/money/lib/rates";
import { rateText } from "~/features/money/services/money-rates.server";

/**
 * The people this member owes now, by id (issue 57): the payee of each settle-up transfer they pay,
 * and the house's receiver when the member's own line says something is due. Only theirs is read.
 */
function creditorsOf(loaded: LoadedMoney): number[] {
  const { money, me, role, settings, edition } = loaded;
  if (edition.readOnly) return [];
  const payees = role.seesLedger
    ? [...money.transfers.values()]
        .flat()
        .filter((t) => t.from === me.id)
        .map((t) => t.to)
    : [];
  const receiver = settings.receiverId;
  const owesHouse = receiver !== null && receiver !== me.id && (money.lines.get(me.id)?.due ?? 0) > 0;
  return owesHouse ? [...payees, receiver] : payees;
}

/** How to pay one creditor, an amount owed: their ways (links prefilled where verified) and note. */
const payToOf = (details: PayDetails | undefined, name: string, owed: Owed) =>
  details ? { name, ways: payWays(details, owed), note: details.note } : null;

/**
 * Where one member stands in the whole trip, per settle-up currency (the house, expenses, every
 * payment and transfer; a currency with the organiser's rate counted in the house's): "owes $250.00 ·
 * is owed MX$120.00", or "settled up" when every balance is zero.
 */
function standing(money: LoadedMoney["money"], id: number, own: boolean): string {
  const parts = [...money.settleBalances].flatMap(([code, perPerson]) => {
    const amount = perPerson.get(id) ?? 0;
    if (amount === 0) return [];
    const text = formatMoney(Math.abs(amount), code);
    if (own) return [amount < 0 ? `you owe ${text}` : `you are owed ${text}`];
    return [amount < 0 ? `owes ${text}` : `is owed ${text}`];
  });
  return parts.length ? parts.join(" · ") : "settled up";
}

/** The payers' lines the member may see: all for organisers and the receiver, else their own. */
function visibleLines(loaded: LoadedMoney) {
  const { money, role, me, house } = loaded;
  const currency = house?.currency ?? "USD";
  const all = role.organiser || role.receiver;
  return money.payers
    .filter((payer) => all || payer.id === me.id)
    .map((payer) => {
      const line = money.lines.get(payer.id);
      const show = (minor: number) => formatMoney(minor, currency);
      return {
        id: payer.id,
        name: nameOf(loaded.names, payer.id),
        weight: formatWeight(payer.weight),
        share: line ? show(line.share) : "",
        deposit: line && line.deposit ? show(line.deposit) : "",
        reached: line ? show(line.reached) : "",
        reported: line && line.reported ? show(line.reported) : "",
        due: line ? dueText(line.next, currency) : "",
        standing: standing(money, payer.id, !all),
      };
    });
}

/**
 * The shares of one expense that are not simply counted (entered for someone else, waiting, refused,
 * removed), each in words with the answers the viewer may give (lib/consent.ts).
 */
function consentsOf(loaded: LoadedMoney, expense: LoadedMoney["expenses"][number]) {
  const viewer = { id: loaded.me.id, organiser: loaded.role.organiser };
  const name = (id: number | null) => nameOf(loaded.names, id);
  if (loaded.edition.readOnly || expense.deletedAt !== null) return [];
  return expense.shares
    .filter((share) => share.status !== "counts")
    .map((share) => {
      const answers = answersFor(share.status, share.userId, viewer);
      return {
        expenseId: expense.id,
        userId: share.userId,
        name: name(share.userId),
        status: share.status,
        text: `${expense.description} (${formatMoney(expense.amount, expense.currency)}, paid by ${name(expense.paidBy)}): ${shareText(expense, share, name, { open: true })}`,
        canAccept: answers.includes("accept"),
        canRefuse: answers.includes("refuse"),
        canRemove: answers.includes("remove"),
      };
    });
}

/** How many expenses /money lists unless asked for all of them. */
export const LATEST_EXPENSES = 20;

/** Everything /money shows, already cut to what this member may see. */
export async function getMoneyPage(request: Request, year?: string) {
  const loaded = await loadMoney(request, year);
  const { money, role, me, house, settings, names, edition } = loaded;
  const name = (id: number | null) => nameOf(names, id);
  const currency = house?.currency ?? "USD";
  const seeAll = role.organiser || role.receiver;
  const viewer = { id: me.id, organiser: role.organiser };
  const [creditorDetails, ownDetails, receipts] = await Promise.all([
    payDetailsOf(creditorsOf(loaded)),
    getPayDetails(me.id),
    role.seesLedger ? receiptsOfEdition(edition.id) : undefined,
  ]);
  const visible = loaded.payments
    .filter((p) => seeAll || p.fromUserId === me.id || p.toUserId === me.id)
    .map((p) => ({
      id: p.id,
      kind: p.kind,
      currency: p.currency,
      status: p.status,
      text: paymentLine(p, name),
      reason: p.reason,
      canDecide:
        !edition.readOnly &&
        p.status === "reported" &&
        mayDecide({ from: p.fromUserId, to: p.toUserId }, viewer),
    }));
  const item = ({ kind: _kind, currency: _currency, ...rest }: (typeof visible)[number]) => rest;
  // House-share payments are listed under Payments; settle-up transfers in their currency's settle-up.
  const payments = visible.filter((p) => p.kind === "share").map(item);
  // The latest LATEST_EXPENSES on the page (a long trip has hundreds: each line names every share),
  // all of them with ?expenses=all; the balances always count every one.
  const showAll = new URL(request.url).searchParams.get("expenses") === "all";
  const listed = showAll ? loaded.expenses : loaded.expenses.slice(-LATEST_EXPENSES);
  const expenses = role.seesLedger
    ? listed.map((expense) => {
        // The summary repeats every share: the page lists them once (a big trip has 40 per expense).
        const { summary: _summary, ...line } = expenseLine(expense, name);
        const rate = money.folded.get(expense.currency);
        return {
          id: expense.id,
          deleted: expense.deletedAt !== null,
          ...line,
          // Beside its own amount, what it is in the settle-up currency at the organiser's rate.
          converted: rate
            ? `≈ ${formatMoney(convertAmount(expense.amount, expense.currency, currency, rate), currency)}`
            : "",
          consents: consentsOf(loaded, expense),
          receipt: receipts?.byExpense.get(expense.id) ?? null,
          canChange:
            !edition.readOnly && expense.deletedAt === null && (role.organiser || expense.authorId === me.id),
        };
      })
    : [];
  // Every share the member may answer, of every expense (not only the latest listed): a share that
  // waits for them, one entered for them, one an organiser decides.
  const answers = role.seesLedger
    ? loaded.expenses
        .flatMap((expense) => consentsOf(loaded, expense))
        .filter((item) => item.canAccept || item.canRefuse || item.canRemove)
    : [];
  const people = [...money.people]
    .map((id) => ({ id, name: name(id) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  // A payment reported and not yet confirmed is on its way: settle-up asks for the rest, and says so.
  const transferItem = (t: { from: number; to: number; amount: number }, code: string) => {
    const waiting = waitingBetween(loaded.payments, t, code, code === currency ? money.folded : undefined);
    const rest = Math.max(0, t.amount - waiting);
    const who = t.from === me.id ? "you" : name(t.from);
    const less = waiting
      ? ` (${formatMoney(t.amount, code)} less the ${formatMoney(waiting, code)} ${who} reported)`
      : "";
    return {
      ...t,
      toName: name(t.to),
      // Only on the viewer's own debts: how to pay the one they owe, beside "Record as paid".
      payTo:
        t.from === me.id
          ? payToOf(creditorDetails.get(t.to), name(t.to), { amount: rest, currency: code })
          : null,
      text: `${name(t.from)} pays ${name(t.to)} ${formatMoney(rest, code)}${less}`,
      value: minorToText(rest, code),
      key: formKey(),
      waiting: waiting
        ? `${who === "you" ? "You" : who} reported paying ${formatMoney(waiting, code)}: it counts once ${name(t.to)} confirms it.`
        : "",
    };
  };
  const balances = [...money.settleBalances].map(([code, perPerson]) => ({
    currency: code,
    // The currencies settled in this one at the organiser's rates (only ever the house's currency).
    converted:
      code === currency ? [...money.folded].map(([other, rate]) => rateText(other, rate, currency)) : [],
    rows: [...perPerson]
      .filter(([id]) => role.seesLedger || id === me.id)
      .map(([id, amount]) => ({ id, name: name(id), amount, text: formatMoney(Math.abs(amount), code) })),
    transfers: role.seesLedger ? (money.transfers.get(code) ?? []).map((t) => transferItem(t, code)) : [],
    // Only an organiser settles with someone who can no longer sign in: they record it, or write it off.
    former: role.organiser ? (money.formerTransfers.get(code) ?? []).map((t) => transferItem(t, code)) : [],
    writeOffs:
      role.organiser && !edition.readOnly
        ? [...perPerson]
            .filter(([id]) => writeOffOf(loaded, id, code))
            .map(([id, amount]) => ({
              member: id,
              text: `${name(id)} owes ${formatMoney(-amount, code)}`,
              key: formKey(),
            }))
        : [],
    // A transfer recorded in a currency now settled in this one is listed here, in its own amount.
    recorded: visible
      .filter(
        (p) =>
          p.kind === "settle" && (p.currency === code || (code === currency && money.folded.has(p.currency))),
      )
      .map(item),
  }));
  return {
    year: edition.year,
    shortName: edition.names.current,
    readOnly: edition.readOnly,
    role,
    me,
    house: house && {
      title: house.title,
      total: house.total === null ? null : formatMoney(house.total, currency),
    },
    houseReceipt: receipts?.house ?? null,
    currency,
    missing: money.missing,
    receiver:
      settings.receiverId === null ? null : { id: settings.receiverId, name: name(settings.receiverId) },
    instructions: settings.instructions,
    payReceiver: payReceiverOf(loaded, creditorDetails),
    /** Whether this member said how to pay them (a link to /account#pay either way). */
    paySaid: hasPayDetails(ownDetails),
    deposit: depositText(settings.deposit, currency),
    depositDue: formatDay(settings.depositDue),
    balanceDue: formatDay(settings.balanceDue),
    inLedger: money.people.has(me.id),
    lines: visibleLines(loaded),
    payments,
    expenses,
    expenseCount: role.seesLedger ? loaded.expenses.length : 0,
    answers,
    /** The shares that wait for this member's own consent (or, for an organiser, a decision). */
    consentCount: answers.filter((item) => item.canAccept).length,
    people,
    balances,
    multiCurrency: money.settleBalances.size > 1,
    // Only the organiser is told: they can repair the ledger (an expense edited or deleted).
    unbalanced: role.organiser
      ? [...money.unbalanced].map(([code, sum]) => `${code} (off by ${formatMoney(Math.abs(sum), code)})`)
      : [],
    keys: { payment: formKey(), expense: formKey(), record: formKey() },
    // Links only: each past trip's page checks that the member was on it.
    pastYears: edition.readOnly ? [] : (await listArchivedEditions()).map((past) => past.year),
  };
}

/** How the viewer pays the house's receiver what their line says is due next, when they gave details. */
function payReceiverOf(loaded: LoadedMoney, details: Map<number, PayDetails>) {
  const { money, me, settings, house, names } = loaded;
  const line = money.lines.get(me.id);
  const receiver = settings.receiverId;
  if (receiver === null || receiver === me.id || !line || line.due <= 0) return null;
  const owed = { amount: line.next?.amount ?? line.due, currency: house?.currency ?? "USD" };
  return payToOf(details.get(receiver), nameOf(names, receiver), owed);
}
