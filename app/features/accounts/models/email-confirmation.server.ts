import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { emailConfirmations, passwordResets, sessions, users } from "~/platform/db/schema";
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

const liveFor = (token: string, userId: number, now: Date) =>
  and(
    eq(emailConfirmations.tokenHash, hashToken(token)),
    eq(emailConfirmations.userId, userId),
    isNull(emailConfirmations.usedAt),
    gt(emailConfirmations.expiresAt, now),
  );

/** When the member asked for this link, while it is theirs, unused and unexpired (else undefined). */
export async function confirmationAskedAt(token: string, userId: number, now = new Date()) {
  const db = await getDb();
  const [row] = await db
    .select({ createdAt: emailConfirmations.createdAt })
    .from(emailConfirmations)
    .where(liveFor(token, userId, now))
    .limit(1);
  return row?.createdAt;
}

/**
 * Spends a confirmation token for the member who is logged in: it must be theirs, unused, unexpired
 * and for the address the account still has. One UPDATE marks it used, so it works once.
 * With `passwordHash` (the Confirm form) it also sets that password, ends every session of the
 * account and voids its reset links, as a password reset does: the browser that confirms may carry
 * someone else's session (a cookie planted from a sibling host), so only the new password counts.
 */
export async function confirmEmailWithToken(
  token: string,
  userId: number,
  now = new Date(),
  passwordHash?: string,
) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(liveFor(token, userId, now))
      .returning({ email: emailConfirmations.email });
    if (!spent) return false;
    const [confirmed] = await tx
      .update(users)
      .set(passwordHash ? { emailConfirmedAt: now, passwordHash } : { emailConfirmedAt: now })
      .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${spent.email}`))
      .returning({ id: users.id });
    if (!confirmed) return false;
    if (passwordHash) {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    }
    return true;
  });
}

/** Marks the member's address as confirmed (a reset link reached the mailbox, or the demo data). */
export async function markEmailConfirmed(userId: number, now = new Date()) {
  const db = await getDb();
  await db.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, userId));
}
