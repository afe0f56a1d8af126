import { asc, eq, or } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { editions, moneyExpenseShares, moneyExpenses, moneyPayments } from "~/platform/db/schema";
import { selectWithEditionYear } from "~/features/season/index.server";
import { minorToText } from "~/platform/lib/amount";
import { getPayDetails } from "~/features/money/models/pay-details.server";
import { receiptsOfMember } from "~/features/money/models/receipts.server";

/**
 * A member's money in every edition, for "Download my data": their shares of expenses, the payments
 * they made or received, the expenses they paid or entered, how they asked to be paid, the receipts they kept. Amounts as text in their currency.
 */
export async function memberMoney(userId: number) {
  const db = await getDb();
  const [shares, payments, expenses, payDetails, receipts] = await Promise.all([
    db
      .select({
        edition: editions.year,
        expense: moneyExpenses.description,
        amount: moneyExpenseShares.amount,
        currency: moneyExpenses.currency,
        consent: moneyExpenseShares.status,
        deleted: moneyExpenses.deletedAt,
      })
      .from(moneyExpenseShares)
      .innerJoin(moneyExpenses, eq(moneyExpenses.id, moneyExpenseShares.expenseId))
      .innerJoin(editions, eq(editions.id, moneyExpenses.editionId))
      .where(eq(moneyExpenseShares.userId, userId))
      .orderBy(asc(moneyExpenses.id)),
    selectWithEditionYear(db, moneyPayments, moneyPayments.editionId, {
      fromUserId: moneyPayments.fromUserId,
      amount: moneyPayments.amount,
      currency: moneyPayments.currency,
      kind: moneyPayments.kind,
      status: moneyPayments.status,
      paidOn: moneyPayments.paidOn,
      note: moneyPayments.note,
      reason: moneyPayments.reason,
      createdAt: moneyPayments.createdAt,
    })
      .where(or(eq(moneyPayments.fromUserId, userId), eq(moneyPayments.toUserId, userId)))
      .orderBy(asc(moneyPayments.id)),
    selectWithEditionYear(db, moneyExpenses, moneyExpenses.editionId, {
      description: moneyExpenses.description,
      amount: moneyExpenses.amount,
      currency: moneyExpenses.currency,
      paidBy: moneyExpenses.paidBy,
      authorId: moneyExpenses.authorId,
      split: moneyExpenses.split,
      deleted: moneyExpenses.deletedAt,
      createdAt: moneyExpenses.createdAt,
    })
      .where(or(eq(moneyExpenses.paidBy, userId), eq(moneyExpenses.authorId, userId)))
      .orderBy(asc(moneyExpenses.id)),
    getPayDetails(userId),
    receiptsOfMember(userId),
  ]);
  const text = <T extends { amount: number; currency: string }>(row: T) => ({
    ...row,
    amount: minorToText(row.amount, row.currency),
  });
  return {
    /** How they asked to be paid (issue 57): empty texts when they gave none. */
    payDetails,
    /** The receipts they kept (issue 57 item 3), each file in base64. */
    receipts,
    shares: shares.map(({ deleted, ...row }) => ({ ...text(row), deleted: deleted !== null })),
    payments: payments.map(({ fromUserId, ...row }) => ({
      ...text(row),
      direction: fromUserId === userId ? ("paid" as const) : ("received" as const),
    })),
    expenses: expenses.map(({ paidBy, authorId, deleted, ...row }) => ({
      ...text(row),
      paidByYou: paidBy === userId,
      enteredByYou: authorId === userId,
      deleted: deleted !== null,
    })),
  };
}
