import { isNotNull, lt, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { passwordResets, rateLimits, sessions } from "~/db/schema";

/**
 * Deletes what can never be used again: expired sessions, spent or expired reset tokens and
 * rate-limit windows that have closed. Run at every start, so the tables stay small.
 */
export async function pruneExpired(db: Db, now = new Date()) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt)));
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}
