import { and, eq } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { tripFeedTokens } from "~/platform/db/schema";
import { hashToken } from "~/platform/models/session.server";
import { cachedByTables } from "~/platform/models/table-cache.server";

/** What is kept of a member's calendar address: the token's hash, its seal, a salt (before 2026-11-29). */
export type FeedToken = { tokenHash: string; sealed: string | null; salt: string | null };

/**
 * The member's calendar token as stored, or undefined before they asked for an address: /trip shows
 * the address on every render, so it is read once per change of the feed tokens, kept per member.
 */
export function getFeedToken(userId: number): Promise<FeedToken | undefined> {
  return cachedByTables(`feed-token:${userId}`, ["trip_feed_tokens"], async () => {
    const db = await getDb();
    const [row] = await db
      .select({
        tokenHash: tripFeedTokens.tokenHash,
        sealed: tripFeedTokens.sealed,
        salt: tripFeedTokens.salt,
      })
      .from(tripFeedTokens)
      .where(eq(tripFeedTokens.userId, userId));
    return row;
  });
}

/** Stores a new token's hash and seal: the member's previous address (if any) stops working at once. */
export async function storeFeedToken(userId: number, token: string, sealed: string) {
  const db = await getDb();
  const tokenHash = hashToken(token);
  await db
    .insert(tripFeedTokens)
    .values({ userId, tokenHash, sealed })
    .onConflictDoUpdate({
      target: tripFeedTokens.userId,
      set: { tokenHash, sealed, salt: null, createdAt: new Date() },
    });
}

/** Seals the member's token anew (under this planner's secret), so the page can show it again. */
export async function resealFeedToken(userId: number, sealed: string) {
  const db = await getDb();
  await db.update(tripFeedTokens).set({ sealed, salt: null }).where(eq(tripFeedTokens.userId, userId));
}

export async function findFeed(token: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      userId: tripFeedTokens.userId,
      tokenHash: tripFeedTokens.tokenHash,
      sealed: tripFeedTokens.sealed,
      salt: tripFeedTokens.salt,
      fingerprint: tripFeedTokens.fingerprint,
      sequence: tripFeedTokens.sequence,
    })
    .from(tripFeedTokens)
    .where(eq(tripFeedTokens.tokenHash, hashToken(token)));
  return row;
}

/** Stores the served fingerprint and SEQUENCE, only over the one read (two readers bump once). */
export async function storeFeedSequence(
  userId: number,
  previous: { fingerprint: string; sequence: number },
  next: { fingerprint: string; sequence: number },
) {
  const db = await getDb();
  await db
    .update(tripFeedTokens)
    .set(next)
    .where(
      and(
        eq(tripFeedTokens.userId, userId),
        eq(tripFeedTokens.fingerprint, previous.fingerprint),
        eq(tripFeedTokens.sequence, previous.sequence),
      ),
    );
}
