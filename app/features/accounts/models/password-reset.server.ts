import { and, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { passwordResets, personalLinks, sessions, users } from "~/platform/db/schema";
import { hashToken, newToken } from "~/platform/models/session.server";

export const RESET_TTL_MS = 30 * 60 * 1000;

/** Issues a single-use reset token for the member; only its hash is stored. */
export async function createPasswordReset(userId: number): Promise<{ token: string; expiresAt: Date }> {
  const db = await getDb();
  const token = newToken();
  const expiresAt = new Date(Date.now() + RESET_TTL_MS);
  await db.insert(passwordResets).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** Whether `token` is a reset link that is neither used nor expired (it is not spent here). */
export async function isResetTokenLive(token: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Spends a reset token: sets the new password hash, ends every session of the member and voids
 * their other reset links, all or nothing. Returns the member's id, or undefined when the token is
 * unknown, used or expired. Marking the token used in the same statement that checks it is what
 * makes it single-use even under concurrent requests.
 */
export async function resetPasswordWithToken(
  token: string,
  passwordHash: string,
  now = new Date(),
): Promise<number | undefined> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return undefined;
    // The link reached the mailbox: that proves the address as a confirmation link would.
    await tx.update(users).set({ passwordHash, emailConfirmedAt: now }).where(eq(users.id, reset.userId));
    await tx.delete(sessions).where(eq(sessions.userId, reset.userId));
    // Links in mails sent before the reset stop signing anyone in.
    await tx.delete(personalLinks).where(eq(personalLinks.userId, reset.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    return reset.userId;
  });
}
