import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { invitations, registerCodes, users } from "~/platform/db/schema";
import { normaliseEmail, type User } from "~/platform/models/user.server";
import { CODE_MAX_TRIES, CODE_TTL_MS } from "~/features/accounts/models/sign-in-code.server";

export type RegisterCode = typeof registerCodes.$inferSelect;

const live = (now: Date) =>
  and(
    isNull(registerCodes.usedAt),
    gt(registerCodes.expiresAt, now),
    lt(registerCodes.attempts, CODE_MAX_TRIES),
  );

/**
 * The invited address's live code, or a new one with `fresh` (made beforehand: PGlite has one
 * connection); undefined when the address is not invited or has an account. The invitation's row
 * is locked meanwhile, so two requests make one code.
 */
export async function issueRegisterCode(
  address: string,
  fresh: { codeHash: string; sealed: string },
  now = new Date(),
): Promise<{ code: RegisterCode; resent: boolean } | undefined> {
  const email = normaliseEmail(address);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const invited = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(sql`lower(${invitations.email}) = ${email}`)
      .for("update");
    if (invited.length === 0) return undefined;
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (member) return undefined;
    const [current] = await tx
      .select()
      .from(registerCodes)
      .where(and(eq(registerCodes.email, email), live(now)))
      .orderBy(desc(registerCodes.id))
      .limit(1);
    if (current) return { code: current, resent: true };
    const [code] = await tx
      .insert(registerCodes)
      .values({ email, ...fresh, expiresAt: new Date(now.getTime() + CODE_TTL_MS) })
      .returning();
    return { code, resent: false };
  });
}

/**
 * Counts one try against the address's live code before it is compared, in one statement (as a
 * sign-in code: parallel guesses never get more than CODE_MAX_TRIES looks). The code, or undefined.
 */
export async function takeRegisterCodeTry(address: string, now = new Date()) {
  const email = normaliseEmail(address);
  const db = await getDb();
  const [newest] = await db
    .select({ id: registerCodes.id })
    .from(registerCodes)
    .where(and(eq(registerCodes.email, email), live(now)))
    .orderBy(desc(registerCodes.id))
    .limit(1);
  if (!newest) return undefined;
  const [code] = await db
    .update(registerCodes)
    .set({ attempts: sql`${registerCodes.attempts} + 1` })
    .where(and(eq(registerCodes.id, newest.id), live(now)))
    .returning();
  return code;
}

/**
 * Spends a code that matched and creates the account without a password (an empty hash, which no
 * password matches), in one transaction; undefined when the code was spent first or the address
 * has an account by now.
 */
export async function spendRegisterCode(
  id: number,
  name: string | undefined,
  now = new Date(),
): Promise<User | undefined> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(registerCodes)
      .set({ usedAt: now })
      .where(and(eq(registerCodes.id, id), isNull(registerCodes.usedAt), gt(registerCodes.expiresAt, now)))
      .returning({ email: registerCodes.email });
    if (!spent) return undefined;
    const [user] = await tx
      .insert(users)
      .values({ email: spent.email, passwordHash: "", name: name?.trim() || null })
      .onConflictDoNothing()
      .returning();
    return user;
  });
}
