import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { oneTimeSecrets, users, type OneTimeKind } from "~/platform/db/schema";
import { endSessionsOf, hashToken, newToken } from "~/platform/models/session.server";
import { ONE_TIME_TTL_MS } from "~/features/accounts/lib/one-time";
import {
  deleteSecretsOf,
  findLive,
  issueSecret,
  spendSecret,
} from "~/features/accounts/models/one-time.server";

/** A change of address waiting for the link mailed to the new one, under the member's id. */
const ofMember = (token: string, userId: number) =>
  and(eq(oneTimeSecrets.linkHash, hashToken(token)), eq(oneTimeSecrets.userId, userId))!;

const newAddress = (payload: Record<string, unknown> | null | undefined) =>
  typeof payload?.email === "string" ? payload.email : undefined;

/** Starts a change of address; only the link's hash is kept. Earlier unspent requests are voided. */
export async function createEmailChange(userId: number, email: string, now = new Date()) {
  const token = newToken();
  await issueSecret(
    "change-address",
    String(userId),
    {
      userId,
      linkHash: hashToken(token),
      payload: { email },
      expiresAt: new Date(now.getTime() + ONE_TIME_TTL_MS["change-address"]),
    },
    { now, replace: true },
  );
  return token;
}

/** The new address a live change link of `userId` would set (looked at, not spent). */
export async function pendingEmailChange(token: string, userId: number, now = new Date()) {
  return newAddress((await findLive("change-address", ofMember(token, userId), { now }))?.payload);
}

export type EmailChangeOutcome = { changed: { from: string; to: string } } | { refused: "taken" | "invalid" };

/** What was mailed to the member's old address and still signs in or proves the mailbox. */
const MAILED_TO_OLD_ADDRESS: OneTimeKind[] = [
  "personal-link",
  "sign-in",
  "reset-password",
  "confirm-address",
  "change-address",
];

/**
 * Spends a change link for `userId` and moves the account to the new address, all or nothing. An
 * address another account has is refused here (the requester was not told earlier). The new
 * address is not "confirmed" for organiser rights: decision 013's confirmation still decides.
 * As a new password does, it ends every other session and every link or code mailed to the old
 * address: whoever reads that mailbox must not keep a way in.
 */
export async function applyEmailChange(
  token: string,
  userId: number,
  keepSessionId: number | undefined,
  now = new Date(),
): Promise<EmailChangeOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const spent = await spendSecret("change-address", ofMember(token, userId), { now, runner: tx });
    const email = newAddress(spent?.payload);
    if (!email) return { refused: "invalid" as const };
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email}) and ${users.id} <> ${userId}`);
    if (!before || taken) return { refused: "taken" as const };
    // Someone registering the address meanwhile trips the unique index: the whole change rolls back.
    await tx.update(users).set({ email, emailConfirmedAt: null }).where(eq(users.id, userId));
    await endSessionsOf(tx, userId, keepSessionId);
    for (const kind of MAILED_TO_OLD_ADDRESS) await deleteSecretsOf(kind, userId, tx);
    return { changed: { from: before.email, to: email } };
  });
}
