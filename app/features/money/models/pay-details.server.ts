import { eq, inArray } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { payDetails } from "~/platform/db/schema";
import {
  EMPTY_PAY_DETAILS,
  PAY_FIELDS,
  hasPayDetails,
  type PayDetails,
} from "~/features/money/lib/pay-links";

const COLUMNS = {
  iban: payDetails.iban,
  ibanHolder: payDetails.ibanHolder,
  paypal: payDetails.paypal,
  venmo: payDetails.venmo,
  revolut: payDetails.revolut,
  wise: payDetails.wise,
  note: payDetails.note,
};

/** A member's own payment details (empty when none were given). */
export async function getPayDetails(userId: number): Promise<PayDetails> {
  const db = await getDb();
  const [row] = await db.select(COLUMNS).from(payDetails).where(eq(payDetails.userId, userId));
  return row ?? { ...EMPTY_PAY_DETAILS };
}

/** The payment details of the given members who gave any: only ever the ones the viewer owes. */
export async function payDetailsOf(userIds: number[]): Promise<Map<number, PayDetails>> {
  if (userIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ userId: payDetails.userId, ...COLUMNS })
    .from(payDetails)
    .where(inArray(payDetails.userId, [...new Set(userIds)]));
  return new Map(
    rows.flatMap(({ userId, ...details }) => (hasPayDetails(details) ? [[userId, details] as const] : [])),
  );
}

/** Saves what a member gave; all empty removes the row (nothing is kept that says nothing). */
export async function savePayDetails(userId: number, details: PayDetails) {
  const db = await getDb();
  if (!hasPayDetails(details)) {
    await db.delete(payDetails).where(eq(payDetails.userId, userId));
    return;
  }
  const values = Object.fromEntries(PAY_FIELDS.map((field) => [field, details[field]])) as PayDetails;
  await db
    .insert(payDetails)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: payDetails.userId, set: { ...values, updatedAt: new Date() } });
}
