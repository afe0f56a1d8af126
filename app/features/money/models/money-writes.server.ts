import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type Db } from "~/platform/db/client.server";
import {
  moneyExpenseShares,
  moneyExpenses,
  moneyHistory,
  moneyPayers,
  moneyPayments,
  moneyReceipts,
  moneySettings,
} from "~/platform/db/schema";
import { holdEdition, type CurrentEdition } from "~/features/season/index.server";
import type { ShareStatus } from "~/features/money/lib/consent";

export type Edition = Pick<CurrentEdition, "id" | "names">;
export type Actor = { id: number; name: string };
export type Change = { action: string; subject: string; oldValue?: string; newValue?: string };
/** An expense's receipt in a write: a new file (replacing any), "remove", or undefined (kept as it is). */
export type ReceiptChange = { contentType: "image/webp" | "application/pdf"; bytes: Buffer } | "remove";

/** Writes an expense's receipt in the expense's own transaction (nothing kept when the write fails). */
async function writeReceipt(
  tx: Db,
  edition: Edition,
  actor: Actor,
  expenseId: number,
  receipt: ReceiptChange | undefined,
) {
  if (receipt === undefined) return;
  if (receipt === "remove") {
    await tx.delete(moneyReceipts).where(eq(moneyReceipts.expenseId, expenseId));
    return;
  }
  const values = { contentType: receipt.contentType, bytes: receipt.bytes, uploadedBy: actor.id };
  await tx
    .insert(moneyReceipts)
    .values({ ...values, editionId: edition.id, expenseId })
    .onConflictDoUpdate({ target: moneyReceipts.expenseId, set: { ...values, createdAt: new Date() } });
}

async function record(tx: Db, edition: Edition, actor: Actor, change: Change) {
  await tx.insert(moneyHistory).values({
    editionId: edition.id,
    actorId: actor.id,
    actorName: actor.name,
    action: change.action,
    subject: change.subject,
    oldValue: change.oldValue ?? "",
    newValue: change.newValue ?? "",
  });
}

/**
 * One money write: the edition is held current until the commit (a write racing a roll-over is
 * refused, never lands in the archive) and the history row commits with the change or not at all.
 */
async function write<T>(edition: Edition, run: (tx: Db) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await holdEdition(tx, edition);
    return run(tx);
  });
}

export type SettingsRow = Omit<typeof moneySettings.$inferInsert, "editionId" | "updatedAt">;

export function saveMoneySettings(
  edition: Edition,
  actor: Actor,
  values: SettingsRow,
  change: Change | null,
) {
  return write(edition, async (tx) => {
    await tx
      .insert(moneySettings)
      .values({ ...values, editionId: edition.id })
      .onConflictDoUpdate({ target: moneySettings.editionId, set: { ...values, updatedAt: new Date() } });
    if (change) await record(tx, edition, actor, change);
  });
}

/** Sets who pays (true, false or null: by the answer) and the weight (null: the default) of one member. */
export function savePayer(
  edition: Edition,
  actor: Actor,
  userId: number,
  values: { included?: boolean | null; weight?: number | null },
  change: Change,
) {
  return write(edition, async (tx) => {
    await tx
      .insert(moneyPayers)
      .values({ editionId: edition.id, userId, ...values })
      .onConflictDoUpdate({
        target: [moneyPayers.editionId, moneyPayers.userId],
        set: { ...values, updatedAt: new Date() },
      });
    await record(tx, edition, actor, change);
  });
}

export type NewPayment = Omit<typeof moneyPayments.$inferInsert, "id" | "editionId" | "createdAt">;

/** Adds a payment once per idempotency key: false when that key was used already (a double submit). */
export function addPayment(edition: Edition, actor: Actor, payment: NewPayment, change: Change) {
  return write(edition, async (tx) => {
    const rows = await tx
      .insert(moneyPayments)
      .values({ ...payment, editionId: edition.id })
      .onConflictDoNothing({ target: moneyPayments.idempotencyKey })
      .returning({ id: moneyPayments.id });
    if (rows.length === 0) return false;
    await record(tx, edition, actor, { ...change, subject: `${change.subject} #${rows[0].id}` });
    return true;
  });
}

/** Confirms or rejects a reported payment: false when it is no longer reported (decided already). */
export function decidePayment(
  edition: Edition,
  actor: Actor,
  id: number,
  decision: { status: "confirmed" | "rejected"; reason: string },
  change: Change,
) {
  return write(edition, async (tx) => {
    const rows = await tx
      .update(moneyPayments)
      .set(decision)
      .where(
        and(
          eq(moneyPayments.id, id),
          eq(moneyPayments.editionId, edition.id),
          eq(moneyPayments.status, "reported"),
        ),
      )
      .returning({ id: moneyPayments.id });
    if (rows.length === 0) return false;
    await record(tx, edition, actor, change);
    return true;
  });
}

export type ExpenseValues = {
  description: string;
  amount: number;
  currency: string;
  paidBy: number;
  split: "equal" | "weights" | "exact";
  shares: ReadonlyMap<number, number>;
};

/** Each share's consent (lib/consent.ts), worked out from who enters it; a share not in it counts. */
type Statuses = ReadonlyMap<number, ShareStatus>;

const shareRows = (expenseId: number, shares: ReadonlyMap<number, number>, statuses: Statuses) =>
  [...shares].map(([userId, amount]) => ({
    expenseId,
    userId,
    amount,
    status: statuses.get(userId) ?? ("counts" as const),
  }));

/** Adds an expense once per idempotency key: false when that key was used already. */
export function addExpense(
  edition: Edition,
  actor: Actor,
  key: string,
  values: ExpenseValues,
  statuses: Statuses,
  change: Change,
  receipt?: ReceiptChange,
) {
  return write(edition, async (tx) => {
    const { shares, ...row } = values;
    const rows = await tx
      .insert(moneyExpenses)
      .values({ ...row, editionId: edition.id, authorId: actor.id, idempotencyKey: key })
      .onConflictDoNothing({ target: moneyExpenses.idempotencyKey })
      .returning({ id: moneyExpenses.id });
    if (rows.length === 0) return false;
    await tx.insert(moneyExpenseShares).values(shareRows(rows[0].id, shares, statuses));
    await writeReceipt(tx, edition, actor, rows[0].id, receipt);
    await record(tx, edition, actor, { ...change, subject: `Expense #${rows[0].id}` });
    return true;
  });
}

/** The house's booking confirmation of the edition, kept or replaced (a file) or removed (null). */
export function saveHouseReceipt(
  edition: Edition,
  actor: Actor,
  file: Exclude<ReceiptChange, "remove"> | null,
  change: Change,
) {
  return write(edition, async (tx) => {
    await tx
      .delete(moneyReceipts)
      .where(and(eq(moneyReceipts.editionId, edition.id), isNull(moneyReceipts.expenseId)));
    if (file) await tx.insert(moneyReceipts).values({ editionId: edition.id, uploadedBy: actor.id, ...file });
    await record(tx, edition, actor, change);
  });
}

/**
 * Replaces an expense (values given) or deletes it (null) only if it is still at `version`: of two
 * edits started from one version, the second finds it changed and is refused. False then.
 * `statuses` gives each share's consent from the shares as they were (read in the transaction, so
 * an answer given meanwhile is not lost): editedShareStatuses.
 */
export function changeExpense(
  edition: Edition,
  actor: Actor,
  id: number,
  version: number,
  values: ExpenseValues | null,
  statuses: (before: Map<number, { amount: number; status: ShareStatus }>) => Statuses,
  change: Change,
  receipt?: ReceiptChange,
) {
  return write(edition, async (tx) => {
    const { shares, ...row } = values ?? { shares: null };
    const rows = await tx
      .update(moneyExpenses)
      .set({
        ...row,
        ...(values ? {} : { deletedAt: new Date() }),
        version: sql`${moneyExpenses.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(moneyExpenses.id, id),
          eq(moneyExpenses.editionId, edition.id),
          eq(moneyExpenses.version, version),
          isNull(moneyExpenses.deletedAt),
        ),
      )
      .returning({ id: moneyExpenses.id });
    if (rows.length === 0) return false;
    if (shares) {
      const old = await tx.delete(moneyExpenseShares).where(eq(moneyExpenseShares.expenseId, id)).returning({
        userId: moneyExpenseShares.userId,
        amount: moneyExpenseShares.amount,
        status: moneyExpenseShares.status,
      });
      const before = new Map(old.map(({ userId, ...share }) => [userId, share]));
      await tx.insert(moneyExpenseShares).values(shareRows(id, shares, statuses(before)));
    }
    // A deleted expense keeps no receipt: the photo of a till slip is nobody's business after it.
    await writeReceipt(tx, edition, actor, id, values ? receipt : "remove");
    await record(tx, edition, actor, change);
    return true;
  });
}

/**
 * Moves one share's consent from one of `from` to `to` (a conditional update, as a payment's
 * decision): false when the share is no longer in `from` (answered already) or its expense was
 * deleted or is not this edition's.
 */
export function answerShare(
  edition: Edition,
  actor: Actor,
  share: { expenseId: number; userId: number },
  move: { from: readonly ShareStatus[]; to: ShareStatus },
  change: Change,
) {
  return write(edition, async (tx) => {
    const live = tx
      .select({ id: moneyExpenses.id })
      .from(moneyExpenses)
      .where(
        and(
          eq(moneyExpenses.id, share.expenseId),
          eq(moneyExpenses.editionId, edition.id),
          isNull(moneyExpenses.deletedAt),
        ),
      );
    const rows = await tx
      .update(moneyExpenseShares)
      .set({ status: move.to })
      .where(
        and(
          inArray(moneyExpenseShares.expenseId, live),
          eq(moneyExpenseShares.userId, share.userId),
          inArray(moneyExpenseShares.status, [...move.from]),
        ),
      )
      .returning({ userId: moneyExpenseShares.userId });
    if (rows.length === 0) return false;
    await record(tx, edition, actor, change);
    return true;
  });
}

/** Claims the payment reminder round: once per 24 hours, or at once again after a round with failures. */
export async function claimMoneyReminder(edition: Edition, now: Date, intervalMs: number): Promise<boolean> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - intervalMs);
  const rows = await db
    .insert(moneySettings)
    .values({ editionId: edition.id, lastReminderAt: now })
    .onConflictDoUpdate({
      target: moneySettings.editionId,
      set: { lastReminderAt: now, reminderFailed: 0 },
      setWhere: sql`${moneySettings.lastReminderAt} is null or ${moneySettings.lastReminderAt} <= ${cutoff.toISOString()}::timestamptz or ${moneySettings.reminderFailed} > 0`,
    })
    .returning({ id: moneySettings.editionId });
  return rows.length === 1;
}

export async function setMoneyReminderFailures(edition: Edition, failed: number) {
  const db = await getDb();
  await db
    .update(moneySettings)
    .set({ reminderFailed: failed })
    .where(eq(moneySettings.editionId, edition.id));
}
