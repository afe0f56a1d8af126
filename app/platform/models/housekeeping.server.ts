import { isNotNull, lt, or } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import {
  passwordResets,
  pendingSubmissions,
  rateLimits,
  sessions,
  trustedLogins,
} from "~/platform/db/schema";
import { TRUSTED_LOGIN_TTL_MS } from "~/platform/models/trusted-login.server";

/**
 * Deletes what can never be used again: expired sessions, spent or expired reset tokens,
 * rate-limit windows that have closed and forms kept for a login that never came. Run at every
 * start, so the tables stay small.
 */
export async function pruneExpired(db: Db, now = new Date()) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt)));
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
  await db.delete(pendingSubmissions).where(lt(pendingSubmissions.expiresAt, now));
  await db
    .delete(trustedLogins)
    .where(lt(trustedLogins.lastLoginAt, new Date(now.getTime() - TRUSTED_LOGIN_TTL_MS)));
}
