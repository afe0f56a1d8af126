import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import { getDb, type Db } from "~/platform/db/client.server";
import { sessionDetails, sessions, users, type User } from "~/platform/db/schema";
import { userColumns } from "~/platform/models/user.server";
import { cachedByTables } from "~/platform/models/table-cache.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session from a login that offered no choice (/api/login, a form without the box). */
export const SESSION_TTL_MS = 30 * DAY_MS;
/**
 * How long each kind of session lasts since it was last used: "Keep me signed in" 400 days (the
 * most a browser keeps a cookie); unticked, the cookie ends with the browser and the server
 * forgets the session after a day unused.
 */
export const SESSION_LIFETIMES = { long: 400 * DAY_MS, browser: DAY_MS, standard: SESSION_TTL_MS } as const;
export type SessionLifetime = keyof typeof SESSION_LIFETIMES;
// Writing last_used_at on every request would turn each page view into a write.
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** A 256-bit random token, URL-safe. */
export function newToken() {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

export type SessionOptions = { lifetime?: SessionLifetime; userAgent?: string };

const ttlOf = (lifetime: string | null) => SESSION_LIFETIMES[lifetime as SessionLifetime] ?? SESSION_TTL_MS;

/** Starts a session and returns its token; only the token's hash is stored. */
export async function createSession(
  userId: number,
  { lifetime = "standard", userAgent = "" }: SessionOptions = {},
): Promise<{ token: string; expiresAt: Date }> {
  const db = await getDb();
  const token = newToken();
  // Its start and end from the app's one clock, the one every later use is compared with (not the
  // database's now(), which may run ahead of the app's and would hold off the use that extends it).
  const now = Date.now();
  const expiresAt = new Date(now + ttlOf(lifetime));
  await db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId, expiresAt, lastUsedAt: new Date(now) })
      .returning({ id: sessions.id });
    await tx
      .insert(sessionDetails)
      .values({ sessionId: session.id, lifetime, userAgent: userAgent.slice(0, 400) });
  });
  return { token, expiresAt };
}

type SessionRow = {
  user: User;
  sessionId: number;
  lastUsedAt: Date;
  expiresAt: Date;
  lifetime: string | null;
};

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
      user: userColumns,
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      lifetime: sessionDetails.lifetime,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(sessionDetails, eq(sessionDetails.sessionId, sessions.id))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** The user behind a live session token, or undefined for an unknown, expired or orphaned one. */
export async function getUserBySessionToken(token: string): Promise<User | undefined> {
  return (await getSessionByToken(token))?.user;
}

/** The live session behind a token; its use (every few minutes at most) pushes its end further out. */
export async function getSessionByToken(token: string): Promise<SessionRow | undefined> {
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
    const now = new Date();
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + ttlOf(row.lifetime)) })
      .where(eq(sessions.id, row.sessionId));
  }
  return row;
}

export async function deleteSession(token: string) {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function deleteUserSessions(userId: number) {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export type SessionSummary = { id: number; userAgent: string; lastUsedAt: Date; createdAt: Date };

/** The member's live sessions, most recently used first. */
export async function listSessions(userId: number, now = new Date()): Promise<SessionSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessionDetails.userAgent,
      lastUsedAt: sessions.lastUsedAt,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .leftJoin(sessionDetails, eq(sessionDetails.sessionId, sessions.id))
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
  return rows
    .filter((row) => row.expiresAt > now)
    .map(({ expiresAt: _, userAgent, ...row }) => ({ ...row, userAgent: userAgent ?? "" }));
}

/** Ends every session of the member but `keepSessionId`. */
export async function deleteOtherSessions(userId: number, keepSessionId: number) {
  await endSessionsOf(await getDb(), userId, keepSessionId);
}

/**
 * Ends every session of the member (but `keepSessionId`, when given) on `runner`: the database, or
 * the transaction of a change that must end them with it (a new password, a new address).
 */
export async function endSessionsOf(runner: Db, userId: number, keepSessionId?: number) {
  await runner
    .delete(sessions)
    .where(
      keepSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
    );
}
