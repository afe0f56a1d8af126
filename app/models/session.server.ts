import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { sessions, users, type User } from "~/db/schema";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Writing last_used_at on every request would turn each page view into a write.
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** A 256-bit random token, URL-safe. */
export function newToken() {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** Starts a session and returns its token; only the token's hash is stored. */
export async function createSession(userId: number): Promise<{ token: string; expiresAt: Date }> {
  const db = await getDb();
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The user behind a live session token, or undefined for an unknown, expired or orphaned one. */
export async function getUserBySessionToken(token: string): Promise<User | undefined> {
  const db = await getDb();
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return undefined;
  if (Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  return row.user;
}

export async function deleteSession(token: string) {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function deleteUserSessions(userId: number) {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
