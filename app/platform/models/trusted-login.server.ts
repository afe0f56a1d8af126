import { and, eq, gt, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { trustedLogins, users } from "~/platform/db/schema";

/** An address stays trusted for a member this long after their last login from it. */
export const TRUSTED_LOGIN_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** Whether the member with this e-mail logged in from `address` with the right password lately. */
export async function isTrustedLogin(email: string, address: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ address: trustedLogins.address })
    .from(trustedLogins)
    .innerJoin(users, eq(users.id, trustedLogins.userId))
    .where(
      and(
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
        eq(trustedLogins.address, address),
        gt(trustedLogins.lastLoginAt, new Date(now.getTime() - TRUSTED_LOGIN_TTL_MS)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Remembers a successful login from `address`. */
export async function rememberLogin(userId: number, address: string, now = new Date()) {
  const db = await getDb();
  await db
    .insert(trustedLogins)
    .values({ userId, address, lastLoginAt: now })
    .onConflictDoUpdate({
      target: [trustedLogins.userId, trustedLogins.address],
      set: { lastLoginAt: now },
    });
}
