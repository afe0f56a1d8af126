import { and, count, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { pendingSubmissions } from "~/platform/db/schema";
import { hashToken, newToken } from "~/platform/models/session.server";

export const PENDING_TTL_MS = 30 * 60 * 1000;
/** Live kept forms at most per sending address, and in all: a flood fills these, not the disk. */
export const PENDING_PER_ADDRESS = 10;
export const PENDING_TOTAL = 500;
/** A claim older than this is a login that failed half-way: the next login may claim it again. */
const CLAIM_LEASE_MS = 60 * 1000;
/** The advisory lock key that serialises keeps (any fixed number no other lock uses). */
const KEEP_LOCK = 730_125;

/**
 * Keeps `payload` for `userId`'s next login; returns the token that takes it back (only its hash is
 * stored), or null when the sender's address or the table is at its cap. Expired rows go first.
 */
export async function keepPendingSubmission(
  payload: Record<string, unknown>,
  owner: { userId: number; address: string },
  now = new Date(),
): Promise<string | null> {
  const db = await getDb();
  // One keep at a time (keeps are rare), so concurrent posts cannot all pass the count together.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEEP_LOCK})`);
    await tx.delete(pendingSubmissions).where(lt(pendingSubmissions.expiresAt, now));
    const [{ total, fromAddress }] = await tx
      .select({
        total: count(),
        fromAddress: sql<number>`count(*) filter (where ${pendingSubmissions.address} = ${owner.address})`,
      })
      .from(pendingSubmissions)
      .where(gt(pendingSubmissions.expiresAt, now));
    if (total >= PENDING_TOTAL || Number(fromAddress) >= PENDING_PER_ADDRESS) return null;
    const token = newToken();
    await tx.insert(pendingSubmissions).values({
      tokenHash: hashToken(token),
      payload,
      userId: owner.userId,
      address: owner.address,
      expiresAt: new Date(now.getTime() + PENDING_TTL_MS),
    });
    return token;
  });
}

/**
 * Claims what was kept under `token` for one login: one UPDATE, so of several logins at once exactly
 * one gets it. Null when it is unknown, expired or claimed by another login just now.
 */
export async function claimPendingSubmission(token: string, now = new Date()) {
  const db = await getDb();
  const [row] = await db
    .update(pendingSubmissions)
    .set({ claimedAt: now })
    .where(
      and(
        eq(pendingSubmissions.tokenHash, hashToken(token)),
        gt(pendingSubmissions.expiresAt, now),
        or(
          isNull(pendingSubmissions.claimedAt),
          lt(pendingSubmissions.claimedAt, new Date(now.getTime() - CLAIM_LEASE_MS)),
        ),
      ),
    )
    .returning({ payload: pendingSubmissions.payload, userId: pendingSubmissions.userId });
  return row ?? null;
}

/** Gives a claim back (the login failed before applying it), so the next login finds it again. */
export async function releasePendingSubmission(token: string) {
  const db = await getDb();
  await db
    .update(pendingSubmissions)
    .set({ claimedAt: null })
    .where(eq(pendingSubmissions.tokenHash, hashToken(token)));
}

/** Forgets what was kept under `token` (once it has been applied, or refused). */
export async function dropPendingSubmission(token: string) {
  const db = await getDb();
  await db.delete(pendingSubmissions).where(eq(pendingSubmissions.tokenHash, hashToken(token)));
}
