import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { oneTimeSecrets, sessions, users } from "~/platform/db/schema";
import { hashToken, newToken } from "~/platform/models/session.server";
import { ONE_TIME_TTL_MS } from "~/features/accounts/lib/one-time";
import {
  findLive,
  issueSecret,
  spendSecret,
  voidSecretsOf,
} from "~/features/accounts/models/one-time.server";

/** The link that confirms a member reads their address (organiser rights need one): like a reset link. */
const ofMember = (token: string, userId: number) =>
  and(eq(oneTimeSecrets.linkHash, hashToken(token)), eq(oneTimeSecrets.userId, userId))!;

/** Issues a single-use link token that confirms `email` for the member; only its hash is stored. */
export async function createEmailConfirmation(userId: number, email: string) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ONE_TIME_TTL_MS["confirm-address"]);
  await issueSecret("confirm-address", String(userId), {
    userId,
    linkHash: hashToken(token),
    payload: { email: email.toLowerCase() },
    expiresAt,
  });
  return { token, expiresAt };
}

/** When the member asked for this link, while it is theirs, unused and unexpired (else undefined). */
export async function confirmationAskedAt(token: string, userId: number, now = new Date()) {
  return (await findLive("confirm-address", ofMember(token, userId), { now }))?.createdAt;
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
    const spent = await spendSecret("confirm-address", ofMember(token, userId), { now, runner: tx });
    const email = spent?.payload?.email;
    if (typeof email !== "string") return false;
    const [confirmed] = await tx
      .update(users)
      .set(passwordHash ? { emailConfirmedAt: now, passwordHash } : { emailConfirmedAt: now })
      .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${email}`))
      .returning({ id: users.id });
    if (!confirmed) return false;
    if (passwordHash) {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await voidSecretsOf("reset-password", userId, now, tx);
    }
    return true;
  });
}

/** Marks the member's address as confirmed (a reset link reached the mailbox, or the demo data). */
export async function markEmailConfirmed(userId: number, now = new Date()) {
  const db = await getDb();
  await db.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, userId));
}
