import { and, eq, isNotNull, lt, ne, or } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { oneTimeSecrets, rateLimits, sessions, trustedLogins } from "~/platform/db/schema";
import { TRUSTED_LOGIN_TTL_MS } from "~/platform/models/trusted-login.server";

/** An expired personal link's page still offers a code to its member for two weeks. */
const EXPIRED_LINK_GRACE_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Deletes what can never be used again: expired sessions, expired or spent one-time secrets,
 * rate-limit windows that have closed. Run at every start, so the tables stay small.
 */
export async function pruneExpired(db: Db, now = new Date()) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
  await db
    .delete(trustedLogins)
    .where(lt(trustedLogins.lastLoginAt, new Date(now.getTime() - TRUSTED_LOGIN_TTL_MS)));
  const secret = oneTimeSecrets;
  await db.delete(secret).where(
    or(
      and(ne(secret.kind, "personal-link"), lt(secret.expiresAt, now)),
      and(
        eq(secret.kind, "personal-link"),
        lt(secret.expiresAt, new Date(now.getTime() - EXPIRED_LINK_GRACE_MS)),
      ),
      // Only a spent reset goes before it expires: a kept submission's use is a claim that a
      // login may give back.
      and(eq(secret.kind, "reset-password"), isNotNull(secret.usedAt)),
    ),
  );
}
