import { and, asc, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { FORMER_MEMBER } from "~/platform/lib/former-member";
import { memberName, memberSurveyColumns } from "~/platform/models/user.server";
import {
  editionSettings,
  houses,
  moneyExpenseShares,
  moneyExpenses,
  moneyHistory,
  moneyPayers,
  moneyPayments,
  moneySettings,
  surveys,
  users,
} from "~/platform/db/schema";
import { readRates } from "~/features/money/lib/rates";
import type { Deposit } from "~/features/money/lib/payer-line";
import type { MoneyInput, PayerCandidate } from "~/features/money/lib/money";
import { deriveResponse } from "~/features/results/lib/results";

/** The edition setting the organiser's decision stores (the event feature's chosen house). */
const CHOSEN_HOUSE = "chosen_house_id";

export type MoneySettings = {
  receiverId: number | null;
  childWeight: number;
  deposit: Deposit;
  depositDue: string;
  balanceDue: string;
  instructions: string;
  lastReminderAt: Date | null;
  reminderFailed: number;
  /** The organiser's consent limit in minor units of the house's currency; null: the default. */
  consentLimit: number | null;
  /** The organiser's fixed rates (currency → exact decimal text) into `ratesBase` (decision 034). */
  rates: Map<string, string>;
  ratesBase: string;
};

export const DEFAULT_SETTINGS: MoneySettings = {
  receiverId: null,
  childWeight: 50,
  deposit: { kind: "none" },
  depositDue: "",
  balanceDue: "",
  instructions: "",
  lastReminderAt: null,
  reminderFailed: 0,
  consentLimit: null,
  rates: new Map(),
  ratesBase: "",
};

export async function getMoneySettings(editionId: number): Promise<MoneySettings> {
  const db = await getDb();
  const [row] = await db.select().from(moneySettings).where(eq(moneySettings.editionId, editionId));
  if (!row) return DEFAULT_SETTINGS;
  const deposit: Deposit =
    row.depositKind === "fixed"
      ? { kind: "fixed", amount: row.depositValue }
      : row.depositKind === "percent"
        ? { kind: "percent", percent: row.depositValue }
        : { kind: "none" };
  return {
    receiverId: row.receiverId,
    childWeight: row.childWeight,
    deposit,
    depositDue: row.depositDue,
    balanceDue: row.balanceDue,
    instructions: row.instructions,
    lastReminderAt: row.lastReminderAt,
    reminderFailed: row.reminderFailed,
    consentLimit: row.consentLimit,
    rates: readRates(row.rates),
    ratesBase: row.ratesBase,
  };
}

/** The house chosen in `editionId`, with its price in minor units (null: no price yet). */
export async function getChosenHouse(editionId: number) {
  const db = await getDb();
  const [setting] = await db
    .select({ value: editionSettings.value })
    .from(editionSettings)
    .where(and(eq(editionSettings.editionId, editionId), eq(editionSettings.key, CHOSEN_HOUSE)));
  const id = Number(setting?.value);
  if (!Number.isInteger(id) || id <= 0) return null;
  const [house] = await db
    .select({ title: houses.title, total: houses.priceMinor, currency: houses.currency })
    .from(houses)
    .where(eq(houses.id, id));
  return house ?? null;
}

/**
 * Every member with their answer in `editionId` and the organiser's payer changes: who may pay
 * (listPayers picks the payers). Not who is on the trip: that is the trip feature's listTripMembers.
 */
export async function listPayerCandidates(
  editionId: number,
): Promise<(PayerCandidate & { email: string })[]> {
  const db = await getDb();
  const rows = await db
    .select({
      ...memberSurveyColumns,
      extraGuests: surveys.extra_guests,
      leftAt: users.leftAt,
      included: moneyPayers.included,
      weight: moneyPayers.weight,
    })
    .from(users)
    .leftJoin(surveys, and(eq(surveys.userId, users.id), eq(surveys.editionId, editionId)))
    .leftJoin(moneyPayers, and(eq(moneyPayers.userId, users.id), eq(moneyPayers.editionId, editionId)))
    // A former member is no candidate, but a share they had stays theirs (decisions 025, 031): the
    // payer row kept when they left says so.
    .where(or(isNull(users.leftAt), eq(moneyPayers.included, true)))
    .orderBy(asc(users.id));
  return rows.map((row) => {
    const derived = deriveResponse(
      { attending: row.attending ?? "", extra_guests: row.extraGuests ?? {} },
      () => {},
    );
    return {
      id: row.id,
      email: row.email,
      name: row.leftAt ? FORMER_MEMBER : memberName(row),
      former: row.leftAt !== null,
      attending: row.attending ?? "",
      guests: { boo: derived.plus_boo, child: derived.plus_child },
      included: row.included,
      weight: row.weight,
    };
  });
}

export async function listPayments(editionId: number) {
  const db = await getDb();
  return db
    .select()
    .from(moneyPayments)
    .where(eq(moneyPayments.editionId, editionId))
    .orderBy(asc(moneyPayments.createdAt), asc(moneyPayments.id));
}

/** Every expense of `editionId` (deleted ones too: the page shows them as deleted) with its shares. */
export async function listExpenses(editionId: number) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(moneyExpenses)
    .where(eq(moneyExpenses.editionId, editionId))
    .orderBy(asc(moneyExpenses.createdAt), asc(moneyExpenses.id));
  const shares = rows.length
    ? await db
        .select()
        .from(moneyExpenseShares)
        .where(
          inArray(
            moneyExpenseShares.expenseId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  type Share = Omit<(typeof shares)[number], "expenseId">;
  const byExpense = new Map<number, Share[]>();
  for (const { expenseId, ...share } of shares) {
    const list = byExpense.get(expenseId);
    if (list) list.push(share);
    else byExpense.set(expenseId, [share]);
  }
  return rows.map((row) => ({ ...row, shares: byExpense.get(row.id) ?? [] }));
}

/** What the money's pure computation (computeMoney) needs, read for one edition. */
export async function loadMoneyInput(editionId: number) {
  const [settings, house, members, payments, expenses] = await Promise.all([
    getMoneySettings(editionId),
    getChosenHouse(editionId),
    listPayerCandidates(editionId),
    listPayments(editionId),
    listExpenses(editionId),
  ]);
  const input: MoneyInput = {
    house,
    receiverId: settings.receiverId,
    childWeight: settings.childWeight,
    deposit: settings.deposit,
    dates: { deposit: settings.depositDue || null, balance: settings.balanceDue || null },
    members,
    payments: payments.map((p) => ({ ...p, from: p.fromUserId, to: p.toUserId })),
    expenses: expenses.map((e) => ({ ...e, deleted: e.deletedAt !== null })),
    // Rates typed for another main currency say nothing about this one: the house changed currency.
    rates: settings.ratesBase === (house?.currency ?? "USD") ? settings.rates : undefined,
  };
  return { input, settings, house, members, payments, expenses };
}

export async function listHistory(editionId: number) {
  const db = await getDb();
  return db
    .select()
    .from(moneyHistory)
    .where(eq(moneyHistory.editionId, editionId))
    .orderBy(desc(moneyHistory.at), desc(moneyHistory.id));
}
