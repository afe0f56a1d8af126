import { and, desc, eq, gt, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "~/platform/db/client.server";
import { oneTimeSecrets, type OneTimeKind } from "~/platform/db/schema";

/**
 * One table for every one-time secret (docs/decisions/022-one-time-secrets.md): issue, take a try,
 * look, spend. A kind's rules (who may ask, what spending does) are its handler's, in services/kinds.
 */
export type OneTimeSecret = typeof oneTimeSecrets.$inferSelect;
type NewSecret = Omit<typeof oneTimeSecrets.$inferInsert, "id" | "kind" | "target" | "createdAt">;
/** The database or a transaction on it: a kind's spend may run inside its own transaction. */
export type Runner = Db;

const secret = oneTimeSecrets;

/** Unused, unexpired and, for a typed code, not tried `maxTries` times yet. */
function live(kind: OneTimeKind, now: Date, maxTries?: number) {
  return and(
    eq(secret.kind, kind),
    isNull(secret.usedAt),
    gt(secret.expiresAt, now),
    maxTries === undefined ? undefined : lt(secret.tries, maxTries),
  );
}

type IssueOptions = {
  now?: Date;
  /** Locks and checks made first, in the same transaction; false issues nothing. */
  guard?: (tx: Runner) => Promise<boolean>;
  /** The live secret of (kind, target) is handed back instead of a new one (the same code resent). */
  resend?: { maxTries?: number };
  /** Earlier unspent secrets of (kind, target) are voided. */
  replace?: boolean;
};

/**
 * Stores a new secret of `kind` for `target` (its code, link and seal made beforehand: nothing else
 * may use the database inside the transaction, PGlite has one connection).
 */
export async function issueSecret(
  kind: OneTimeKind,
  target: string,
  fresh: NewSecret,
  { now = new Date(), guard, resend, replace }: IssueOptions = {},
): Promise<{ secret: OneTimeSecret; resent: boolean } | undefined> {
  const db = await getDb();
  const values = { ...fresh, kind, target };
  if (!guard && !resend && !replace) {
    const [made] = await db.insert(secret).values(values).returning();
    return { secret: made, resent: false };
  }
  return db.transaction(async (tx) => {
    if (guard && !(await guard(tx))) return undefined;
    if (resend) {
      const [current] = await tx
        .select()
        .from(secret)
        .where(and(eq(secret.target, target), live(kind, now, resend.maxTries)))
        .orderBy(desc(secret.id))
        .limit(1);
      if (current) return { secret: current, resent: true };
    }
    if (replace) {
      await tx
        .update(secret)
        .set({ usedAt: now })
        .where(and(eq(secret.kind, kind), eq(secret.target, target), isNull(secret.usedAt)));
    }
    const [made] = await tx.insert(secret).values(values).returning();
    return { secret: made, resent: false };
  });
}

/**
 * Counts one try against the newest live code that `match` picks, before it is compared, in one
 * statement, so parallel guesses never get more than `maxTries` looks. The code to compare, or
 * undefined when there is none left to try.
 */
export async function takeTry(
  kind: OneTimeKind,
  match: SQL,
  maxTries: number,
  now = new Date(),
): Promise<OneTimeSecret | undefined> {
  const db = await getDb();
  const [newest] = await db
    .select({ id: secret.id })
    .from(secret)
    .where(and(match, live(kind, now, maxTries)))
    .orderBy(desc(secret.id))
    .limit(1);
  if (!newest) return undefined;
  const [taken] = await db
    .update(secret)
    .set({ tries: sql`${secret.tries} + 1` })
    .where(and(eq(secret.id, newest.id), live(kind, now, maxTries)))
    .returning();
  return taken;
}

/** The newest live secret `match` picks (looked at, not spent: a scanner's visit changes nothing). */
export async function findLive(
  kind: OneTimeKind,
  match: SQL,
  { now = new Date(), maxTries }: { now?: Date; maxTries?: number } = {},
) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(secret)
    .where(and(match, live(kind, now, maxTries)))
    .orderBy(desc(secret.id))
    .limit(1);
  return row;
}

/** The secret behind a link, live or not; undefined once it is gone (revoked, pruned) or unknown. */
export async function findByLink(kind: OneTimeKind, linkHash: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(secret)
    .where(and(eq(secret.kind, kind), eq(secret.linkHash, linkHash)))
    .limit(1);
  return row;
}

/**
 * Spends the live secret `match` picks: marking it used in the statement that checks it is what
 * makes it single-use under concurrent requests. Undefined when it was spent first (or is dead).
 */
export async function spendSecret(
  kind: OneTimeKind,
  match: SQL,
  { now = new Date(), maxTries, runner }: { now?: Date; maxTries?: number; runner?: Runner } = {},
): Promise<OneTimeSecret | undefined> {
  const db = runner ?? (await getDb());
  const [spent] = await db
    .update(secret)
    .set({ usedAt: now })
    .where(and(match, live(kind, now, maxTries)))
    .returning();
  return spent;
}

/** Voids every unspent secret of `kind` of a member (a reset link once the password changed). */
export async function voidSecretsOf(kind: OneTimeKind, userId: number, now = new Date(), runner?: Runner) {
  const db = runner ?? (await getDb());
  await db
    .update(secret)
    .set({ usedAt: now })
    .where(and(eq(secret.kind, kind), eq(secret.userId, userId), isNull(secret.usedAt)));
}

/** Deletes every secret of `kind` of a member (personal links, on "Log out everywhere"). */
export async function deleteSecretsOf(kind: OneTimeKind, userId: number, runner?: Runner) {
  const db = runner ?? (await getDb());
  await db.delete(secret).where(and(eq(secret.kind, kind), eq(secret.userId, userId)));
}

/** Deletes every secret of a member, of every kind (a member who leaves). */
export async function deleteEverySecretOf(userId: number, runner?: Runner) {
  const db = runner ?? (await getDb());
  await db.delete(secret).where(eq(secret.userId, userId));
}

/** Deletes the secret behind a link (a kept submission once applied or refused). */
export async function deleteByLink(kind: OneTimeKind, linkHash: string) {
  const db = await getDb();
  await db.delete(secret).where(and(eq(secret.kind, kind), eq(secret.linkHash, linkHash)));
}

/**
 * Takes the secret behind a link for a while: one UPDATE, so of several requests at once exactly one
 * gets it; a use older than `leaseMs` was a request that failed half-way and may be taken again.
 */
export async function claimByLink(kind: OneTimeKind, linkHash: string, leaseMs: number, now = new Date()) {
  const db = await getDb();
  const [row] = await db
    .update(secret)
    .set({ usedAt: now })
    .where(
      and(
        eq(secret.kind, kind),
        eq(secret.linkHash, linkHash),
        gt(secret.expiresAt, now),
        or(isNull(secret.usedAt), lt(secret.usedAt, new Date(now.getTime() - leaseMs))),
      ),
    )
    .returning();
  return row;
}

/** Gives a claim back, so the next request finds the secret again. */
export async function releaseByLink(kind: OneTimeKind, linkHash: string) {
  const db = await getDb();
  await db
    .update(secret)
    .set({ usedAt: null })
    .where(and(eq(secret.kind, kind), eq(secret.linkHash, linkHash)));
}

/** Deletes the expired secrets of `kind`, and counts the live ones in all and for `target`. */
export async function pruneAndCount(runner: Runner, kind: OneTimeKind, target: string, now = new Date()) {
  await runner.delete(secret).where(and(eq(secret.kind, kind), lt(secret.expiresAt, now)));
  const [{ total, forTarget }] = await runner
    .select({
      total: sql<number>`count(*)`,
      forTarget: sql<number>`count(*) filter (where ${secret.target} = ${target})`,
    })
    .from(secret)
    .where(and(eq(secret.kind, kind), gt(secret.expiresAt, now)));
  return { total: Number(total), forTarget: Number(forTarget) };
}
