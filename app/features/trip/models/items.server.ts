import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { columnsOf } from "~/platform/db/columns";
import { editions, tripItems } from "~/platform/db/schema";
import { CURRENT_EDITION, inCurrentEdition } from "~/features/season/index.server";

const ofCurrent = (id: number) => and(eq(tripItems.id, id), inCurrentEdition(tripItems.editionId));

export async function listItems() {
  const db = await getDb();
  return db
    .select(columnsOf(tripItems, "id", "title", "notes", "claimedBy", "done"))
    .from(tripItems)
    .where(inCurrentEdition(tripItems.editionId))
    .orderBy(asc(tripItems.id));
}

export async function addItem(item: { title: string; notes: string }) {
  const db = await getDb();
  await db.insert(tripItems).values(item);
}

export async function editItem(id: number, item: { title: string; notes: string }) {
  const db = await getDb();
  await db.update(tripItems).set(item).where(ofCurrent(id));
}

export async function removeItem(id: number) {
  const db = await getDb();
  await db.delete(tripItems).where(ofCurrent(id));
}

/** Claims an item nobody brings yet: of two members claiming at once, one gets it. */
export async function claimItem(id: number, userId: number) {
  const db = await getDb();
  const rows = await db
    .update(tripItems)
    .set({ claimedBy: userId })
    .where(and(ofCurrent(id), isNull(tripItems.claimedBy)))
    .returning({ id: tripItems.id });
  return rows.length === 1;
}

/** Gives an item back: its claimer may, and so may an organiser (`anyone`). */
export async function unclaimItem(id: number, userId: number, anyone = false) {
  const db = await getDb();
  await db
    .update(tripItems)
    .set({ claimedBy: null, done: false })
    .where(and(ofCurrent(id), anyone ? undefined : eq(tripItems.claimedBy, userId)));
}

export async function setItemDone(id: number, done: boolean) {
  const db = await getDb();
  await db.update(tripItems).set({ done }).where(ofCurrent(id));
}

/**
 * "Start from last year's list": the latest archived edition's items, unclaimed and not done,
 * copied once into an empty list (the edition row is locked, so a double click copies once).
 */
export async function copyLastYearsItems(): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: editions.id }).from(editions).where(eq(editions.id, CURRENT_EDITION)).for("update");
    const [existing] = await tx
      .select({ id: tripItems.id })
      .from(tripItems)
      .where(inCurrentEdition(tripItems.editionId))
      .limit(1);
    if (existing) return 0;
    const [previous] = await tx
      .select({ id: editions.id })
      .from(editions)
      .where(eq(editions.status, "archived"))
      .orderBy(desc(editions.year))
      .limit(1);
    if (!previous) return 0;
    const rows = await tx
      .select({ title: tripItems.title, notes: tripItems.notes })
      .from(tripItems)
      .where(eq(tripItems.editionId, previous.id))
      .orderBy(asc(tripItems.id));
    if (rows.length) await tx.insert(tripItems).values(rows);
    return rows.length;
  });
}

export async function countPreviousItems(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tripItems)
    .where(
      eq(
        tripItems.editionId,
        sql`(select ${editions.id} from ${editions} where ${editions.status} = 'archived' order by ${editions.year} desc limit 1)`,
      ),
    );
  return row?.count ?? 0;
}
