import { asc, count, eq, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import {
  houses,
  organiserNoticeClaims,
  organiserNotices,
  sessions,
  surveyDrafts,
  surveys,
  tripFeedTokens,
  payDetails,
  tripMailClaims,
  trustedLogins,
  users,
  votes,
} from "~/platform/db/schema";
import { anonymiseUser, keepHouseShare, releaseTripPlaces } from "~/platform/models/former-member.server";
import { deriveResponse } from "~/features/results/lib/results";
import { deleteEverySecretOf } from "~/features/accounts/index.server";
import { getChosenHouseId, memberInCurrentEdition, setChosenHouseId } from "~/features/season/index.server";

/** What deleting a house takes with it: its votes (and its photo), and the choice if it was chosen. */
export async function houseFootprint(houseId: number) {
  const db = await getDb();
  const [house] = await db
    .select({ id: houses.id, title: houses.title })
    .from(houses)
    .where(eq(houses.id, houseId));
  if (!house) return null;
  const [{ value: voteCount }] = await db
    .select({ value: count() })
    .from(votes)
    .where(eq(votes.houseId, houseId));
  return { ...house, votes: voteCount, chosen: (await getChosenHouseId()) === houseId };
}

/** Deletes a house; its votes and photo go by the foreign keys' cascade, the choice is cleared. */
export async function deleteHouse(houseId: number): Promise<boolean> {
  const db = await getDb();
  const deleted = await db.delete(houses).where(eq(houses.id, houseId)).returning({ id: houses.id });
  if ((await getChosenHouseId()) === houseId) await setChosenHouseId(null);
  return deleted.length === 1;
}

/** The houses a member suggested, with each one's votes, oldest first; and whether one is the chosen house. */
export async function suggestedHouses(userId: number) {
  const db = await getDb();
  const list = await db
    .select({ id: houses.id, title: houses.title, votes: count(votes.id) })
    .from(houses)
    .leftJoin(votes, eq(votes.houseId, houses.id))
    .where(eq(houses.suggestedBy, userId))
    .groupBy(houses.id)
    .orderBy(asc(houses.id));
  const chosenId = await getChosenHouseId();
  return {
    list,
    votes: list.reduce((sum, house) => sum + house.votes, 0),
    chosen: list.some((house) => house.id === chosenId),
  };
}

/** Deletes every house a member suggested; their votes and photos go by the cascade, a choice among them is cleared. */
export async function deleteSuggestedHouses(userId: number): Promise<number> {
  const db = await getDb();
  const deleted = await db.delete(houses).where(eq(houses.suggestedBy, userId)).returning({ id: houses.id });
  const chosenId = await getChosenHouseId();
  if (deleted.some((house) => house.id === chosenId)) await setChosenHouseId(null);
  return deleted.length;
}

// The survey the organiser may remove is the current edition's; past editions are read-only.
const surveyOf = (userId: number) => memberInCurrentEdition(surveys, userId);
const draftOf = (userId: number) => memberInCurrentEdition(surveyDrafts, userId);

/** What deleting a member (or only their survey) takes with it. */
export async function memberFootprint(userId: number) {
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const [[survey], [draft], [{ value: sessionCount }], [{ value: voteCount }]] = await Promise.all([
    db.select({ name: surveys.name, attending: surveys.attending }).from(surveys).where(surveyOf(userId)),
    db.select({ userId: surveyDrafts.userId }).from(surveyDrafts).where(draftOf(userId)),
    db.select({ value: count() }).from(sessions).where(eq(sessions.userId, userId)),
    db.select({ value: count() }).from(votes).where(eq(votes.userId, userId)),
  ]);
  const suggested = await suggestedHouses(userId);
  return {
    ...user,
    name: survey?.name.trim() || user.name?.trim() || "User",
    houses: suggested,
    survey: survey ? { attending: survey.attending } : null,
    draft: Boolean(draft),
    sessions: sessionCount,
    votes: voteCount,
  };
}

/** Removes a member's survey of the current edition and any draft of it; the account, votes and sessions stay. */
export async function removeSurvey(userId: number): Promise<boolean> {
  const db = await getDb();
  const removed = await db.delete(surveys).where(surveyOf(userId)).returning({ id: surveys.id });
  await db.delete(surveyDrafts).where(draftOf(userId));
  return removed.length === 1;
}

/**
 * Removes a member from the group (their own "Delete my account" and the organiser's alike): the
 * account row stays, anonymised, so every expense, share, payment and ride that names them still
 * balances (decision 025); what was only theirs goes (sessions, trusted addresses, codes and links,
 * calendar feed, payment details, surveys, drafts, votes, notices), and what they held on the trip is given back. An
 * organiser's account (its address among `organiserEmails` and confirmed) is never removed: the
 * check is part of the UPDATE, so it holds however the account changed since the page was shown.
 */
export async function removeMember(userId: number, organiserEmails: string[]): Promise<boolean> {
  const db = await getDb();
  const organiser = organiserEmails.length
    ? sql`(${users.emailConfirmedAt} is not null and lower(${users.email}) in (${sql.join(
        organiserEmails.map((email) => sql`${email}`),
        sql`, `,
      )}))`
    : sql`false`;
  return db.transaction(async (tx) => {
    if (!(await anonymiseUser(tx, userId, sql`not ${organiser}`))) return false;
    await deleteEverySecretOf(userId, tx);
    await releaseTripPlaces(tx, userId);
    // Their house share stays (decision 031): the weight their guests gave, read before the survey goes.
    const [survey] = await tx
      .select({ attending: surveys.attending, extra_guests: surveys.extra_guests })
      .from(surveys)
      .where(surveyOf(userId));
    const guests = survey ? deriveResponse(survey, () => {}) : { plus_boo: false, plus_child: false };
    await keepHouseShare(tx, userId, { boo: guests.plus_boo, child: guests.plus_child });
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(trustedLogins).where(eq(trustedLogins.userId, userId));
    await tx.delete(tripFeedTokens).where(eq(tripFeedTokens.userId, userId));
    // How they wanted to be paid: nobody pays a former member through the app (decision 031).
    await tx.delete(payDetails).where(eq(payDetails.userId, userId));
    await tx.delete(tripMailClaims).where(eq(tripMailClaims.userId, userId));
    await tx.delete(surveys).where(eq(surveys.userId, userId));
    await tx.delete(surveyDrafts).where(eq(surveyDrafts.userId, userId));
    await tx.delete(votes).where(eq(votes.userId, userId));
    await tx.delete(organiserNotices).where(eq(organiserNotices.userId, userId));
    await tx.delete(organiserNoticeClaims).where(eq(organiserNoticeClaims.userId, userId));
    return true;
  });
}
