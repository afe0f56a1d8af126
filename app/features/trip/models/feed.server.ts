import { and, eq } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { tripFeedTokens } from "~/platform/db/schema";
import { hashToken } from "~/platform/models/session.server";
import { cachedByTables } from "~/platform/models/table-cache.server";

/**
 * The member's feed salt, or undefined before they asked for an address: /trip shows the address on
 * every render, so it is read once per change of the feed tokens, kept per member.
 */
export function getFeedSalt(userId: number): Promise<string | undefined> {
  return cachedByTables(`feed-salt:${userId}`, ["trip_feed_tokens"], async () => {
    const db = await getDb();
    const [row] = await db
      .select({ salt: tripFeedTokens.salt })
      .from(tripFeedTokens)
      .where(eq(tripFeedTokens.userId, userId));
    return row?.salt;
  });
}

/** Stores a salt and its token's hash: the member's previous address (if any) stops working at once. */
export async function storeFeedToken(userId: number, salt: string, token: string) {
  const db = await getDb();
  const tokenHash = hashToken(token);
  await db
    .insert(tripFeedTokens)
    .values({ userId, salt, tokenHash })
    .onConflictDoUpdate({
      target: tripFeedTokens.userId,
      set: { salt, tokenHash, createdAt: new Date() },
    });
}

export async function findFeed(token: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      userId: tripFeedTokens.userId,
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
