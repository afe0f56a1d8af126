import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { signInCodes, users } from "~/platform/db/schema";

export const CODE_TTL_MS = 15 * 60 * 1000;
/** Wrong tries a code survives: the 6th try is refused even with the right code. */
export const CODE_MAX_TRIES = 5;

export type SignInCode = typeof signInCodes.$inferSelect;
export type NewCodeSecrets = { codeHash: string; linkHash: string; sealed: string };

const live = (now: Date) =>
  and(isNull(signInCodes.usedAt), gt(signInCodes.expiresAt, now), lt(signInCodes.attempts, CODE_MAX_TRIES));

/**
 * The member's live code, or a new one with `fresh` (made beforehand: nothing else may use the
 * database inside the transaction, PGlite has one connection): asking again within a code's life
 * gets the same code back. The member's row is locked meanwhile, so two requests make one code.
 */
export async function issueSignInCode(
  userId: number,
  fresh: NewCodeSecrets,
  now = new Date(),
): Promise<{ code: SignInCode; resent: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${users} where id = ${userId} for update`);
    const [current] = await tx
      .select()
      .from(signInCodes)
      .where(and(eq(signInCodes.userId, userId), live(now)))
      .orderBy(desc(signInCodes.id))
      .limit(1);
    if (current) return { code: current, resent: true };
    const [code] = await tx
      .insert(signInCodes)
      .values({ userId, ...fresh, expiresAt: new Date(now.getTime() + CODE_TTL_MS) })
      .returning();
    return { code, resent: false };
  });
}

/**
 * Counts one try against the member's live code before it is compared, in one statement, so
 * parallel guesses never get more than CODE_MAX_TRIES looks. Returns the code to compare, or
 * undefined when there is none left to try.
 */
export async function takeCodeTry(email: string, now = new Date()): Promise<SignInCode | undefined> {
  const db = await getDb();
  // By address, joined: an unknown address runs the same query as a known one.
  const [newest] = await db
    .select({ id: signInCodes.id })
    .from(signInCodes)
    .innerJoin(users, eq(users.id, signInCodes.userId))
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, live(now)))
    .orderBy(desc(signInCodes.id))
    .limit(1);
  if (!newest) return undefined;
  const [code] = await db
    .update(signInCodes)
    .set({ attempts: sql`${signInCodes.attempts} + 1` })
    .where(and(eq(signInCodes.id, newest.id), live(now)))
    .returning();
  return code;
}

/** Spends a code that matched; false when a parallel request spent it first. */
export async function spendSignInCode(id: number, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(signInCodes)
    .set({ usedAt: now })
    .where(and(eq(signInCodes.id, id), isNull(signInCodes.usedAt), gt(signInCodes.expiresAt, now)))
    .returning({ id: signInCodes.id });
  return rows.length === 1;
}

/** The member a live code's link belongs to (looked at, not spent: a scanner's visit changes nothing). */
export async function findCodeLink(linkHash: string, now = new Date()) {
  const db = await getDb();
  const [row] = await db
    .select({ id: signInCodes.id, user: users })
    .from(signInCodes)
    .innerJoin(users, eq(users.id, signInCodes.userId))
    .where(and(eq(signInCodes.linkHash, linkHash), live(now)))
    .limit(1);
  return row;
}

/** Spends the code behind a link (code and link go together); the member's id, or undefined. */
export async function spendCodeLink(linkHash: string, now = new Date()): Promise<number | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(signInCodes)
    .set({ usedAt: now })
    .where(and(eq(signInCodes.linkHash, linkHash), live(now)))
    .returning({ userId: signInCodes.userId });
  return row?.userId;
}
