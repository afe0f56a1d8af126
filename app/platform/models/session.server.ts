import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { sessions, users, type User } from "~/platform/db/schema";
import { cachedByTables } from "~/platform/models/table-cache.server";

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

type SessionRow = { user: User; sessionId: number; lastUsedAt: Date; expiresAt: Date };

/** Distinct tokens kept between two writes to the tables; more (a flood of made-up ones) starts afresh. */
const MAX_KEPT_TOKENS = 5000;

/**
 * The sessions as read since the sessions and users tables last changed, by token hash: a member's
 * page asks on every request, and a friend group's sessions change rarely. Any write to either
 * table (a login, logout, revocation, password reset, a deleted member, the touch below) starts a
 * new map, so a revoked session is refused on the next request (docs/decisions/010-one-cache.md).
 */
function sessionsSinceLastWrite() {
  return cachedByTables(
    "sessions-by-token",
    ["sessions", "users"],
    async () => new Map<string, Promise<SessionRow | undefined>>(),
  );
}

async function readSession(tokenHash: string): Promise<SessionRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      user: users,
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** The user behind a live session token, or undefined for an unknown, expired or orphaned one. */
export async function getUserBySessionToken(token: string): Promise<User | undefined> {
  const tokenHash = hashToken(token);
  const known = await sessionsSinceLastWrite();
  let session = known.get(tokenHash);
  if (!session) {
    if (known.size >= MAX_KEPT_TOKENS) known.clear();
    session = readSession(tokenHash);
    known.set(tokenHash, session);
    // A failed read is not kept.
    session.catch(() => known.delete(tokenHash));
  }
  const row = await session;
  if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
  if (Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    const db = await getDb();
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
