import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { tripMailClaims, tripSettings } from "~/platform/db/schema";
import { inCurrentEdition, memberInCurrentEdition } from "~/features/season/index.server";
import type { Notes } from "~/features/trip/lib/items";

const EMPTY = { address: "", checkIn: "", keyBox: "", wifi: "", mailsOff: false };

/** The current edition's practical notes and mail switch (empty until the organiser writes them). */
export async function getTripSettings(): Promise<Notes & { mailsOff: boolean }> {
  const db = await getDb();
  const [row] = await db
    .select({
      address: tripSettings.address,
      checkIn: tripSettings.checkIn,
      keyBox: tripSettings.keyBox,
      wifi: tripSettings.wifi,
      mailsOff: tripSettings.mailsOff,
    })
    .from(tripSettings)
    .where(inCurrentEdition(tripSettings.editionId));
  return row ?? EMPTY;
}

export async function saveNotes(notes: Notes) {
  const db = await getDb();
  await db
    .insert(tripSettings)
    .values(notes)
    .onConflictDoUpdate({ target: tripSettings.editionId, set: { ...notes, updatedAt: new Date() } });
}

export async function setMailsOff(mailsOff: boolean) {
  const db = await getDb();
  await db
    .insert(tripSettings)
    .values({ mailsOff })
    .onConflictDoUpdate({ target: tripSettings.editionId, set: { mailsOff, updatedAt: new Date() } });
}

/**
 * Claims one member's mail for one moment before it is sent: the primary key lets exactly one
 * instance (or one tick) win, and a restart finds the claim and sends nothing again.
 */
export async function claimMail(userId: number, moment: string) {
  const db = await getDb();
  const rows = await db
    .insert(tripMailClaims)
    .values({ userId, moment })
    .onConflictDoNothing()
    .returning({ userId: tripMailClaims.userId });
  return rows.length === 1;
}

export async function finishMail(userId: number, moment: string, state: "sent" | "failed") {
  const db = await getDb();
  await db
    .update(tripMailClaims)
    .set({ state })
    .where(and(memberInCurrentEdition(tripMailClaims, userId), eq(tripMailClaims.moment, moment)));
}

/** What went, per moment: for the organiser. */
export async function listMailClaims() {
  const db = await getDb();
  return db
    .select({
      moment: tripMailClaims.moment,
      state: tripMailClaims.state,
      count: sql<number>`count(*)::int`,
      last: sql<Date>`max(${tripMailClaims.claimedAt})`,
    })
    .from(tripMailClaims)
    .where(inCurrentEdition(tripMailClaims.editionId))
    .groupBy(tripMailClaims.moment, tripMailClaims.state);
}
