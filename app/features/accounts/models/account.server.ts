import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import {
  editions,
  emailChanges,
  houses,
  invitations,
  personalLinks,
  sessions,
  surveys,
  users,
  votes,
} from "~/platform/db/schema";
import { hashToken, newToken } from "~/platform/models/session.server";

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** Everything the planner keeps about a member, for "Download my data" (never a hash or token). */
export async function memberData(userId: number) {
  const db = await getDb();
  const [account] = await db
    .select({ id: users.id, email: users.email, name: users.name, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  const [surveyRows, voteRows, houseRows, invitationRows] = await Promise.all([
    db
      .select({ year: editions.year, survey: surveys })
      .from(surveys)
      .innerJoin(editions, eq(editions.id, surveys.editionId))
      .where(eq(surveys.userId, userId))
      .orderBy(editions.year),
    db
      .select({ year: editions.year, houseId: votes.houseId, house: houses.title, vote: votes.vote })
      .from(votes)
      .innerJoin(editions, eq(editions.id, votes.editionId))
      .innerJoin(houses, eq(houses.id, votes.houseId))
      .where(eq(votes.userId, userId))
      .orderBy(editions.year, votes.houseId),
    db.select().from(houses).where(eq(houses.suggestedBy, userId)).orderBy(houses.id),
    db
      .select({ email: invitations.email, invitedAt: invitations.invitedAt })
      .from(invitations)
      .where(sql`lower(${invitations.email}) = lower(${account.email})`),
  ]);
  return {
    account,
    surveys: surveyRows.map(({ year, survey: { userId: _, editionId: __, ...answers } }) => ({
      edition: year,
      ...answers,
    })),
    votes: voteRows.map(({ year, ...vote }) => ({ edition: year, ...vote })),
    suggestedHouses: houseRows.map(({ suggestedBy: _, ...house }) => house),
    invitations: invitationRows,
  };
}

/** Starts a change of address; only the link's hash is kept. Earlier unspent requests are voided. */
export async function createEmailChange(userId: number, email: string, now = new Date()) {
  const db = await getDb();
  const token = newToken();
  await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
  await db.insert(emailChanges).values({
    tokenHash: hashToken(token),
    userId,
    email,
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
  });
  return token;
}

/** The new address a live change link of `userId` would set (looked at, not spent). */
export async function pendingEmailChange(token: string, userId: number, now = new Date()) {
  const db = await getDb();
  const [row] = await db
    .select({ email: emailChanges.email })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.tokenHash, hashToken(token)),
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        sql`${emailChanges.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return row?.email;
}

export type EmailChangeOutcome = { changed: { from: string; to: string } } | { refused: "taken" | "invalid" };

/**
 * Spends a change link for `userId` and moves the account to the new address, all or nothing. An
 * address another account has is refused here (the requester was not told earlier). The new
 * address is not "confirmed" for organiser rights: decision 013's confirmation still decides.
 */
export async function applyEmailChange(
  token: string,
  userId: number,
  now = new Date(),
): Promise<EmailChangeOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [change] = await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailChanges.tokenHash, hashToken(token)),
          eq(emailChanges.userId, userId),
          isNull(emailChanges.usedAt),
          sql`${emailChanges.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ email: emailChanges.email });
    if (!change) return { refused: "invalid" as const };
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${change.email}) and ${users.id} <> ${userId}`);
    if (!before || taken) return { refused: "taken" as const };
    // Someone registering the address meanwhile trips the unique index: the whole change rolls back.
    await tx.update(users).set({ email: change.email, emailConfirmedAt: null }).where(eq(users.id, userId));
    return { changed: { from: before.email, to: change.email } };
  });
}

/** Sets the member's password hash; every other session and personal link of theirs ends. */
export async function setPasswordHash(userId: number, passwordHash: string, keepSessionId?: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(
        keepSessionId === undefined
          ? eq(sessions.userId, userId)
          : and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`),
      );
    await tx.delete(personalLinks).where(eq(personalLinks.userId, userId));
  });
}

/** Every personal link of the member stops working ("Log out everywhere", a new password). */
export async function revokePersonalLinks(userId: number) {
  const db = await getDb();
  await db.delete(personalLinks).where(eq(personalLinks.userId, userId));
}
