import { and, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import {
  houses,
  moneyExpenses,
  moneyPayments,
  organiserNoticeClaims,
  organiserNotices,
  surveys,
  users,
  votes,
} from "~/platform/db/schema";
import { inCurrentEdition, memberInCurrentEdition } from "~/features/season/index.server";
import type { DayActivity } from "~/features/organiser/lib/notices";

export type NoticeChoice = { everyoneAnswered: boolean; dailyDigest: boolean };

/** What the member chose (both off when they never chose). */
export async function getNoticeChoice(userId: number): Promise<NoticeChoice> {
  const db = await getDb();
  const [row] = await db
    .select({
      everyoneAnswered: organiserNotices.everyoneAnswered,
      dailyDigest: organiserNotices.dailyDigest,
    })
    .from(organiserNotices)
    .where(eq(organiserNotices.userId, userId));
  return row ?? { everyoneAnswered: false, dailyDigest: false };
}

export async function setNoticeChoice(userId: number, choice: NoticeChoice) {
  const db = await getDb();
  await db
    .insert(organiserNotices)
    .values({ userId, ...choice })
    .onConflictDoUpdate({ target: organiserNotices.userId, set: { ...choice, updatedAt: new Date() } });
}

/** The members who chose a notice, with their account (whether they are organisers is checked by the caller). */
export async function listNoticeSubscribers() {
  const db = await getDb();
  return db
    .select({ choice: organiserNotices, user: users })
    .from(organiserNotices)
    .innerJoin(users, eq(users.id, organiserNotices.userId))
    .where(or(eq(organiserNotices.everyoneAnswered, true), eq(organiserNotices.dailyDigest, true)));
}

/** Claims a notice for the organiser in the current edition: false when another run has it already. */
export async function claimNotice(userId: number, notice: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .insert(organiserNoticeClaims)
    .values({ userId, notice })
    .onConflictDoNothing()
    .returning({ userId: organiserNoticeClaims.userId });
  return rows.length === 1;
}

export async function finishNotice(userId: number, notice: string, state: "sent" | "failed" | "empty") {
  const db = await getDb();
  await db
    .update(organiserNoticeClaims)
    .set({ state })
    .where(
      and(memberInCurrentEdition(organiserNoticeClaims, userId), eq(organiserNoticeClaims.notice, notice)),
    );
}

/** Whether the organiser's notice was claimed in the current edition (a run skips work it would not send). */
export async function noticeClaimed(userId: number, notice: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ userId: organiserNoticeClaims.userId })
    .from(organiserNoticeClaims)
    .where(
      and(memberInCurrentEdition(organiserNoticeClaims, userId), eq(organiserNoticeClaims.notice, notice)),
    );
  return Boolean(row);
}

const count = sql<number>`count(*)::int`;

/** What came in between `from` and `to`: survey answers, houses, votes and money reports of the current edition. */
export async function dayActivity(from: Date, to: Date): Promise<DayActivity> {
  const db = await getDb();
  const within = (column: Parameters<typeof gte>[0]) => and(gte(column, from), lt(column, to));
  const [[created], [changed], suggested, [voted], [payments], [expenses]] = await Promise.all([
    db
      .select({ count })
      .from(surveys)
      .where(and(inCurrentEdition(surveys.editionId), within(surveys.createdAt))),
    db
      .select({ count })
      .from(surveys)
      .where(
        and(inCurrentEdition(surveys.editionId), within(surveys.updatedAt), lt(surveys.createdAt, from)),
      ),
    db.select({ title: houses.title }).from(houses).where(within(houses.createdAt)).orderBy(houses.id),
    db
      .select({ count })
      .from(votes)
      .where(and(inCurrentEdition(votes.editionId), within(votes.updatedAt))),
    db
      .select({ count })
      .from(moneyPayments)
      .where(and(inCurrentEdition(moneyPayments.editionId), within(moneyPayments.createdAt))),
    db
      .select({ count })
      .from(moneyExpenses)
      .where(
        and(
          inCurrentEdition(moneyExpenses.editionId),
          within(moneyExpenses.createdAt),
          isNull(moneyExpenses.deletedAt),
        ),
      ),
  ]);
  return {
    newAnswers: created?.count ?? 0,
    changedAnswers: changed?.count ?? 0,
    houses: suggested.map((house) => house.title),
    votes: voted?.count ?? 0,
    paymentsReported: payments?.count ?? 0,
    expensesAdded: expenses?.count ?? 0,
  };
}
