import { countsInBalances, type ShareStatus } from "~/features/money/lib/consent";
import { balancesByCurrency, type LedgerEntry } from "~/features/money/lib/ledger";
import { foldBalances } from "~/features/money/lib/rates";
import { payerLine, type Deposit, type DueDates, type PayerLine } from "~/features/money/lib/payer-line";
import { settleUpApart, unbalanced, type Transfer } from "~/features/money/lib/settle";
import { defaultWeight, splitByWeights } from "~/features/money/lib/shares";

/** A member who may pay: their survey answer for the edition and the organiser's payer changes. */
export type PayerCandidate = {
  id: number;
  name: string;
  attending: string;
  guests: { boo: boolean; child: boolean };
  /** The organiser's choice: true adds, false removes, null follows the answer ("yes" pays). */
  included: boolean | null;
  /** The organiser's weight in hundredths, or null for the default. */
  weight: number | null;
  /** A member who left: their kept share stays in the split, but they are on no list (decision 031). */
  former?: boolean;
};

export type LedgerPayment = {
  id: number;
  from: number;
  to: number;
  amount: number;
  currency: string;
  kind: "share" | "settle";
  status: "reported" | "confirmed" | "rejected";
};

export type LedgerExpense = {
  id: number;
  amount: number;
  currency: string;
  paidBy: number;
  shares: ReadonlyArray<{ userId: number; amount: number; status: ShareStatus }>;
  deleted: boolean;
};

export type MoneyInput = {
  house: { title: string; total: number | null; currency: string } | null;
  receiverId: number | null;
  childWeight: number;
  deposit: Deposit;
  dates: DueDates;
  members: readonly PayerCandidate[];
  payments: readonly LedgerPayment[];
  expenses: readonly LedgerExpense[];
  /**
   * The organiser's fixed rates into the house's currency (decision 034), currency → exact decimal
   * text; none or empty: every currency settles on its own.
   */
  rates?: ReadonlyMap<string, string>;
};

export type Payer = {
  id: number;
  name: string;
  weight: number;
  defaultWeight: number;
  share: number;
  former: boolean;
};

/**
 * The payers in the stated order every split uses: by name (case-insensitive), then by member id.
 * A member pays when attending "yes" unless the organiser removed them, or when the organiser added them.
 */
export function listPayers(members: readonly PayerCandidate[], childWeight: number) {
  return members
    .filter((member) => member.included ?? member.attending === "yes")
    .map((member) => {
      const base = defaultWeight(member.guests, childWeight);
      return {
        id: member.id,
        name: member.name,
        weight: member.weight ?? base,
        defaultWeight: base,
        former: member.former === true,
      };
    })
    .sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
}

export function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Why the house share cannot be worked out yet, in words; null when it can. */
export function missingForShare(input: MoneyInput, payers: readonly { weight: number }[]): string | null {
  if (!input.house) return "No house is chosen yet: the shares follow once the organiser chooses one.";
  if (input.house.total === null)
    return `${input.house.title} has no price yet: the organiser adds it to the house.`;
  if (payers.length === 0)
    return "Nobody pays yet: nobody is attending “yes” and the organiser added nobody.";
  if (payers.every((payer) => payer.weight === 0)) return "Every payer’s weight is 0: someone has to pay.";
  return null;
}

export type Money = {
  payers: Payer[];
  missing: string | null;
  lines: Map<number, PayerLine>;
  /** Every id a new expense or transfer may name: the payers and the receiver who are still members. */
  people: Set<number>;
  /** Who the ledger names but can no longer sign in: members who left (decision 031). */
  former: Set<number>;
  entries: LedgerEntry[];
  balances: Map<string, Map<number, number>>;
  /**
   * The balances settle-up works from: `balances`, except that each currency with an organiser's rate
   * is converted into the house's currency and added to it (lib/rates.ts). Without rates, `balances`.
   */
  settleBalances: Map<string, Map<number, number>>;
  /** The currencies converted into the house's currency for settle-up, with the rate used. */
  folded: Map<string, string>;
  /** Per settle-up currency, the transfers among members that settle it: never one with a former member. */
  transfers: Map<string, Transfer[]>;
  /** Per currency, the former members' open balances as the transfers that would settle them. */
  formerTransfers: Map<string, Transfer[]>;
  /**
   * The currencies whose balances do not add up to zero, with what they add up to: a ledger damaged
   * outside the app's writes. Shown to the organiser and logged, never thrown (no settle-up for them).
   */
  unbalanced: Map<string, number>;
};

/** The money of one edition: shares, each payer's line, the ledger, its balances per currency and the transfers that settle them. */
export function computeMoney(input: MoneyInput): Money {
  const listed = listPayers(input.members, input.childWeight);
  const missing = missingForShare(input, listed);
  const total = input.house?.total ?? 0;
  const currency = input.house?.currency ?? "USD";
  const shares = missing ? new Map<number, number>() : splitByWeights(total, listed);
  const payers = listed.map((payer) => ({ ...payer, share: shares.get(payer.id) ?? 0 }));

  const entries: LedgerEntry[] = [];
  if (!missing && input.receiverId !== null) {
    entries.push({ kind: "expense", currency, paidBy: input.receiverId, amount: total, shares });
  }
  for (const expense of input.expenses) {
    if (expense.deleted) continue;
    // A share that waits for its sharer's consent (or was refused) is out, and so is the payer's
    // credit for it: the balances still add up to zero (decision 030).
    // The credit is the expense less the shares left out, not the sum of the rest: a share row lost
    // outside the app still shows as a ledger that does not add up.
    const counted = expense.shares.filter((share) => countsInBalances(share.status));
    const left = expense.shares.reduce((sum, s) => sum + (countsInBalances(s.status) ? 0 : s.amount), 0);
    if (counted.length === 0 && left === expense.amount) continue;
    entries.push({
      kind: "expense",
      currency: expense.currency,
      paidBy: expense.paidBy,
      amount: expense.amount - left,
      shares: new Map(counted.map((share) => [share.userId, share.amount])),
    });
  }
  for (const payment of input.payments) {
    if (payment.status !== "confirmed") continue;
    entries.push({
      kind: "transfer",
      currency: payment.currency,
      from: payment.from,
      to: payment.to,
      amount: payment.amount,
    });
  }
  const balances = balancesByCurrency(entries);
  // Rates change what settle-up suggests, never a recorded payment: those are in `entries` as recorded.
  const { balances: settleBalances, folded } = foldBalances(balances, currency, input.rates ?? new Map());

  const lines = new Map<number, PayerLine>();
  if (!missing) {
    for (const payer of payers) {
      // What reached the receiver in the house's currency: a settle-up transfer to them pays the
      // house share as much as a share payment does (one truth, decision 027).
      const mine = input.payments.filter(
        (p) => p.from === payer.id && p.currency === currency && p.to === input.receiverId,
      );
      const sum = (kinds: readonly LedgerPayment["kind"][], status: LedgerPayment["status"]) =>
        mine
          .filter((p) => kinds.includes(p.kind) && p.status === status)
          .reduce((acc, p) => acc + p.amount, 0);
      // The receiver fronted the whole house: their own share reached them by that.
      const reached = payer.id === input.receiverId ? payer.share : sum(["share", "settle"], "confirmed");
      // Until a receiver is named the house is in no balance yet, but each share is still owed. With
      // the organiser's rates, the balance settle-up reads: its transfers leave nothing due (027).
      const balance =
        (settleBalances.get(currency)?.get(payer.id) ?? 0) - (input.receiverId === null ? payer.share : 0);
      lines.set(
        payer.id,
        payerLine(
          payer.share,
          input.deposit,
          input.dates,
          { reached, reported: sum(["share"], "reported") },
          balance,
        ),
      );
    }
  }

  // Anyone the ledger names who is not a member now left: those still here, and the payers kept.
  const current = new Set(input.members.filter((member) => !member.former).map((member) => member.id));
  const former = new Set(
    [...balances.values(), new Map(payers.map((payer) => [payer.id, 0]))].flatMap((perPerson) =>
      [...perPerson.keys()].filter((id) => !current.has(id)),
    ),
  );
  const settled = new Map(
    [...settleBalances].map(([code, perPerson]) => [code, settleUpApart(perPerson, former)]),
  );
  const transfers = new Map([...settled].map(([code, apart]) => [code, apart.among]));
  const formerTransfers = new Map([...settled].map(([code, apart]) => [code, apart.former]));
  const off = new Map(
    [...balances]
      .map(([code, perPerson]) => [code, unbalanced(perPerson)] as const)
      .filter(([, sum]) => sum !== 0),
  );
  const people = new Set(payers.filter((payer) => !payer.former).map((payer) => payer.id));
  if (input.receiverId !== null && !former.has(input.receiverId)) people.add(input.receiverId);
  return {
    payers,
    missing,
    lines,
    people,
    former,
    entries,
    balances,
    settleBalances,
    folded,
    transfers,
    formerTransfers,
    unbalanced: off,
  };
}

/**
 * Who an expense may name (the payers and the receiver) with the weights a split by weights uses, in
 * the payers' order (name, then id): every split of an expense follows it, so the cent left over goes
 * to the same person whatever order the form listed the sharers in.
 */
export function expensePeople(
  money: Pick<Money, "payers" | "people">,
  name: (id: number) => string,
): Map<number, { weight: number }> {
  const weights = new Map(money.payers.map((payer) => [payer.id, payer.weight]));
  return new Map(
    [...money.people]
      .map((id) => ({ id, name: name(id), weight: weights.get(id) ?? 100 }))
      .sort((a, b) => compareNames(a.name, b.name) || a.id - b.id)
      .map(({ id, weight }) => [id, { weight }]),
  );
}
