import { isNotNull, lt, or } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import {
  emailChanges,
  passwordResets,
  personalLinks,
  signInCodes,
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
  await db.delete(signInCodes).where(lt(signInCodes.expiresAt, now));
  await db.delete(emailChanges).where(lt(emailChanges.expiresAt, now));
  // An expired personal link's page still offers a code to its member for two weeks.
  await db
    .delete(personalLinks)
    .where(lt(personalLinks.expiresAt, new Date(now.getTime() - 14 * 24 * 60 * 60 * 1000)));
}
