import { eq } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { editions, moneyExpenses, moneyReceipts } from "~/platform/db/schema";

/** One receipt with its bytes and what it belongs to (for serving it to a member of its trip). */
export async function receiptById(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: moneyReceipts.id,
      editionId: moneyReceipts.editionId,
      expenseId: moneyReceipts.expenseId,
      contentType: moneyReceipts.contentType,
      bytes: moneyReceipts.bytes,
      deletedAt: moneyExpenses.deletedAt,
    })
    .from(moneyReceipts)
    .leftJoin(moneyExpenses, eq(moneyExpenses.id, moneyReceipts.expenseId))
    .where(eq(moneyReceipts.id, id));
  return row;
}

/** Each expense of the edition that has a receipt: its receipt's id and kind (never the bytes). */
export async function receiptsOfEdition(editionId: number) {
  const db = await getDb();
  const rows = await db
    .select({
      id: moneyReceipts.id,
      expenseId: moneyReceipts.expenseId,
      contentType: moneyReceipts.contentType,
    })
    .from(moneyReceipts)
    .where(eq(moneyReceipts.editionId, editionId));
  const byExpense = new Map<number, { id: number; pdf: boolean }>();
  let house: { id: number; pdf: boolean } | undefined;
  for (const row of rows) {
    const item = { id: row.id, pdf: row.contentType === "application/pdf" };
    if (row.expenseId === null) house = item;
    else byExpense.set(row.expenseId, item);
  }
  return { byExpense, house };
}

/** The receipts a member kept, with their bytes: their part of "Download my data". */
export async function receiptsOfMember(userId: number) {
  const db = await getDb();
  const rows = await db
    .select({
      edition: editions.year,
      /** null: the house's booking confirmation. */
      expense: moneyExpenses.description,
      contentType: moneyReceipts.contentType,
      bytes: moneyReceipts.bytes,
      createdAt: moneyReceipts.createdAt,
    })
    .from(moneyReceipts)
    .innerJoin(editions, eq(editions.id, moneyReceipts.editionId))
    .leftJoin(moneyExpenses, eq(moneyExpenses.id, moneyReceipts.expenseId))
    .where(eq(moneyReceipts.uploadedBy, userId))
    .orderBy(moneyReceipts.id);
  return rows.map(({ bytes, ...row }) => ({ ...row, base64: bytes.toString("base64") }));
}
