import { randomUUID } from "node:crypto";
import { cachedByTables } from "~/platform/models/table-cache.server";
import { requireUser } from "~/platform/services/session.server";
import { isOrganiser } from "~/features/accounts/index.server";
import { getArchivedEdition, getCurrentEdition } from "~/features/season/index.server";
import { formatMoney } from "~/platform/lib/amount";
import { FORMER_MEMBER } from "~/platform/lib/former-member";
import { listFormerMemberNames } from "~/platform/models/former-member.server";
import { computeMoney } from "~/features/money/lib/money";
import { loadMoneyInput } from "~/features/money/models/money-reads.server";
import type { Edition } from "~/features/money/models/money-writes.server";

export type MoneyEdition = Edition & { year: number; readOnly: boolean };

/** The current edition, or an archived one by year (read-only); 404 for any other year. */
export async function resolveEdition(year?: string): Promise<MoneyEdition> {
  const current = await getCurrentEdition();
  if (year === undefined || Number(year) === current.year) return { ...current, readOnly: false };
  const archived = /^\d{4}$/.test(year) ? await getArchivedEdition(Number(year)) : undefined;
  if (!archived) throw new Response("Not found", { status: 404 });
  const name = typeof archived.frozen.name === "string" ? archived.frozen.name : String(archived.year);
  return { id: archived.id, year: archived.year, names: { current: name, previous: "" }, readOnly: true };
}

// Every table the trip's money is read from (loadMoneyInput): any write to one computes it again.
const MONEY_TABLES = [
  "money_settings",
  "money_payers",
  "money_payments",
  "money_expenses",
  "money_expense_shares",
  "edition_settings",
  "houses",
  "users",
  "surveys",
];

/**
 * The trip's money, read and computed once per change of the tables it comes from, not per request
 * (40 payers and 300 expenses are some 12,000 share rows). The same for every viewer: what each may
 * see is cut from it per request (getMoneyPage). Never mutated by its readers.
 */
function computedMoney(editionId: number) {
  return cachedByTables(`money:${editionId}`, MONEY_TABLES, async () => {
    const loaded = await loadMoneyInput(editionId);
    const money = computeMoney(loaded.input);
    // Once per change of the ledger (the result is cached), not per page view.
    for (const [code, sum] of money.unbalanced)
      console.error(`money: edition ${editionId}'s ${code} balances add up to ${sum}, not zero`);
    return { ...loaded, money };
  });
}

/**
 * A member's open balance in the current trip, per settle-up currency, in words ("you are owed €29.50"): what
 * the delete pages say before a member leaves. Only currencies where it is not zero.
 */
export async function openBalanceOf(userId: number): Promise<string[]> {
  const edition = await resolveEdition();
  const { money } = await computedMoney(edition.id);
  return [...money.settleBalances].flatMap(([code, perPerson]) => {
    const amount = perPerson.get(userId) ?? 0;
    if (amount === 0) return [];
    return [amount > 0 ? `owed ${formatMoney(amount, code)}` : `owing ${formatMoney(-amount, code)}`];
  });
}

/**
 * How open the current trip's money still is, for the next-edition page's warning: how many people
 * have a balance other than zero in some currency, and how many payments wait to be confirmed. Once
 * the edition is archived its money can only be read.
 */
export async function moneyStillOpen(): Promise<{ unsettled: number; waiting: number }> {
  const edition = await resolveEdition();
  const { money, input } = await computedMoney(edition.id);
  const unsettled = new Set<number>();
  for (const perPerson of money.balances.values())
    for (const [id, amount] of perPerson) if (amount !== 0) unsettled.add(id);
  const waiting = input.payments.filter((payment) => payment.status === "reported").length;
  return { unsettled: unsettled.size, waiting };
}

/**
 * What each payer of the current trip still has to pay of the house share, as text in the house's
 * currency (for the trip's mails: "what is still open for you"): what their line says is due, never
 * more than the balances say they owe. Only payers with something due are in it.
 */
export async function sharesStillDue(): Promise<Map<number, string>> {
  const edition = await resolveEdition();
  const { money, house, settings } = await computedMoney(edition.id);
  const currency = house?.currency ?? "USD";
  const due = new Map<number, string>();
  // Until the organiser names who receives the money, nobody is asked to pay (no mail quotes a share).
  if (settings.receiverId === null) return due;
  for (const [id, line] of money.lines) if (line.due > 0) due.set(id, formatMoney(line.due, currency));
  return due;
}

/** Whether a member is one of the people of an edition's trip (who see its ledger and receipts). */
export async function seesLedgerOf(userId: number, editionId: number) {
  const { money } = await computedMoney(editionId);
  return money.people.has(userId);
}

export type Role = { organiser: boolean; receiver: boolean; seesLedger: boolean };

/**
 * Who the member is in this edition's money: organisers and the receiver see every payer's line; the
 * payers and the receiver (and organisers) see the ledger; anyone else sees only their own position.
 */
export async function loadMoney(request: Request, year?: string) {
  const user = await requireUser(request);
  const edition = await resolveEdition(year);
  const { money, ...loaded } = await computedMoney(edition.id);
  const organiser = await isOrganiser(user);
  const role: Role = {
    organiser,
    receiver: loaded.settings.receiverId === user.id,
    seesLedger: money.people.has(user.id) || organiser,
  };
  // An archived trip is for those who were on it: never the public archive, nor later members.
  if (edition.readOnly && !money.people.has(user.id) && !organiser) {
    throw new Response(
      `You were not on the ${edition.names.current} trip, so its money is not yours to read.`,
      {
        status: 403,
      },
    );
  }
  // Former members the ledger still names are told apart ("A former member (2)") everywhere it shows.
  // A kept payer row lists a former member among the candidates: their numbered name comes last.
  const names = new Map([
    ...loaded.members.map((member) => [member.id, member.name] as const),
    ...(await listFormerMemberNames()),
  ]);
  const me = { id: user.id, name: names.get(user.id) ?? user.name ?? "User" };
  return { user, me, edition, ...loaded, money, role, names };
}

export type LoadedMoney = Awaited<ReturnType<typeof loadMoney>>;

/**
 * A fresh key per rendered form, drawn by the loader on every request (no page is ever answered
 * twice): a double submit of that form adds one row (checked in the database).
 */
export const formKey = () => randomUUID();

export const nameOf = (names: ReadonlyMap<number, string>, id: number | null) =>
  id === null ? "" : (names.get(id) ?? FORMER_MEMBER);
