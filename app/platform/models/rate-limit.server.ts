import { eq, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { rateLimits } from "~/platform/db/schema";

export type RateLimitCount = { count: number; resetAt: Date };

/**
 * Counts one more hit against `key` in a fixed window and returns the new count. A single
 * upsert does the read and the write, so concurrent requests (on any app instance) never both see
 * the old count; an expired window starts again at 1.
 */
export async function hitRateLimit(key: string, windowMs: number, now = new Date()): Promise<RateLimitCount> {
  const [row] = await countInWindow(key, windowMs, now);
  return row;
}

/**
 * Takes one of the `max` slots of `key`'s window if one is free, in one upsert (so parallel requests
 * on any instance never take more than `max`); a refused claim counts nothing. True when taken.
 */
export async function claimRateLimitSlot(
  key: string,
  max: number,
  windowMs: number,
  now = new Date(),
): Promise<boolean> {
  const rows = await countInWindow(key, windowMs, now, max);
  return rows.length === 1;
}

/** One upsert: a hit in `key`'s window (a new window once it expired), only below `max` when given. */
async function countInWindow(key: string, windowMs: number, now: Date, max?: number) {
  const db = await getDb();
  const expired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
  return db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
      ...(max === undefined ? {} : { setWhere: sql`${expired} or ${rateLimits.count} < ${max}` }),
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
}

/** Takes back one hit (a login that turned out to be right is not a failure). */
export async function refundRateLimit(key: string) {
  const db = await getDb();
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function clearRateLimit(key: string) {
  const db = await getDb();
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
