import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { emailConfirmations, users } from "~/platform/db/schema";
import { hashToken, newToken } from "~/platform/models/session.server";

/** Like a reset link: half an hour, once. */
export const CONFIRMATION_TTL_MS = 30 * 60 * 1000;

/** Issues a single-use link token that confirms `email` for the member; only its hash is stored. */
export async function createEmailConfirmation(userId: number, email: string) {
  const db = await getDb();
  const token = newToken();
  const expiresAt = new Date(Date.now() + CONFIRMATION_TTL_MS);
  await db
    .insert(emailConfirmations)
    .values({ tokenHash: hashToken(token), userId, email: email.toLowerCase(), expiresAt });
  return { token, expiresAt };
}

/**
 * Spends a confirmation token for the member who is logged in: it must be theirs, unused, unexpired
 * and for the address the account still has. One UPDATE marks it used, so it works once.
 */
export async function confirmEmailWithToken(token: string, userId: number, now = new Date()) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailConfirmations.tokenHash, hashToken(token)),
          eq(emailConfirmations.userId, userId),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, now),
        ),
      )
      .returning({ email: emailConfirmations.email });
    if (!spent) return false;
    const [confirmed] = await tx
      .update(users)
      .set({ emailConfirmedAt: now })
      .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${spent.email}`))
      .returning({ id: users.id });
    return Boolean(confirmed);
  });
}

/** Marks the member's address as confirmed (a reset link reached the mailbox, or the demo data). */
export async function markEmailConfirmed(userId: number, now = new Date()) {
  const db = await getDb();
  await db.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, userId));
}
