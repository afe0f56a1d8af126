import { eq } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { oneTimeSecrets, sessions, users } from "~/platform/db/schema";
import { hashToken, newToken } from "~/platform/models/session.server";
import { ONE_TIME_TTL_MS } from "~/features/accounts/lib/one-time";
import {
  deleteSecretsOf,
  findLive,
  issueSecret,
  spendSecret,
  voidSecretsOf,
} from "~/features/accounts/models/one-time.server";

/** The password reset link: half an hour, once, under the member's id. */
const byToken = (token: string) => eq(oneTimeSecrets.linkHash, hashToken(token));

/** Issues a single-use reset token for the member; only its hash is stored. */
export async function createPasswordReset(userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ONE_TIME_TTL_MS["reset-password"]);
  await issueSecret("reset-password", String(userId), { userId, linkHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

/** Whether `token` is a reset link that is neither used nor expired (it is not spent here). */
export async function isResetTokenLive(token: string, now = new Date()): Promise<boolean> {
  return Boolean(await findLive("reset-password", byToken(token), { now }));
}

/**
 * Spends a reset token: sets the new password hash, ends every session of the member and voids
 * their other reset links, all or nothing. Returns the member's id, or undefined when the token is
 * unknown, used or expired.
 */
export async function resetPasswordWithToken(
  token: string,
  passwordHash: string,
  now = new Date(),
): Promise<number | undefined> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const reset = await spendSecret("reset-password", byToken(token), { now, runner: tx });
    if (!reset?.userId) return undefined;
    const { userId } = reset;
    // The link reached the mailbox: that proves the address as a confirmation link would.
    await tx.update(users).set({ passwordHash, emailConfirmedAt: now }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // Links in mails sent before the reset stop signing anyone in.
    await deleteSecretsOf("personal-link", userId, tx);
    await voidSecretsOf("reset-password", userId, now, tx);
    return userId;
  });
}
