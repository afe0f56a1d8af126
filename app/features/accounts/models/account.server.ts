import { eq, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { endSessionsOf } from "~/platform/models/session.server";
import { editions, houses, invitations, surveys, users, votes } from "~/platform/db/schema";
import { deleteSecretsOf } from "~/features/accounts/models/one-time.server";

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

/** Sets the member's password hash; every other session and personal link of theirs ends. */
export async function setPasswordHash(userId: number, passwordHash: string, keepSessionId?: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await endSessionsOf(tx, userId, keepSessionId);
    await deleteSecretsOf("personal-link", userId, tx);
  });
}

/** Every personal link of the member stops working ("Log out everywhere", a new password). */
export async function revokePersonalLinks(userId: number) {
  await deleteSecretsOf("personal-link", userId);
}
