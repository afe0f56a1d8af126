import { and, asc, eq } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { tripRoomPeople, tripRooms } from "~/platform/db/schema";
import { inCurrentEdition, memberInCurrentEdition } from "~/features/season/index.server";
import { personKey, type Guest, type Placement, type Room } from "~/features/trip/lib/rooms";

export async function listRooms(): Promise<Room[]> {
  const db = await getDb();
  return db
    .select({ id: tripRooms.id, name: tripRooms.name, beds: tripRooms.beds })
    .from(tripRooms)
    .where(inCurrentEdition(tripRooms.editionId))
    .orderBy(asc(tripRooms.id));
}

export async function listPlacements(): Promise<Placement[]> {
  const db = await getDb();
  const rows = await db
    .select({ roomId: tripRoomPeople.roomId, userId: tripRoomPeople.userId, guest: tripRoomPeople.guest })
    .from(tripRoomPeople)
    .where(inCurrentEdition(tripRoomPeople.editionId));
  return rows.map((row) => ({ roomId: row.roomId, personKey: personKey(row.userId, row.guest) }));
}

export async function addRooms(rooms: { name: string; beds: number }[]) {
  if (!rooms.length) return;
  const db = await getDb();
  await db.insert(tripRooms).values(rooms);
}

/** Renames a room of the current edition or changes its beds; false when it is not there. */
export async function updateRoom(id: number, room: { name: string; beds: number }) {
  const db = await getDb();
  const rows = await db
    .update(tripRooms)
    .set(room)
    .where(and(eq(tripRooms.id, id), inCurrentEdition(tripRooms.editionId)))
    .returning({ id: tripRooms.id });
  return rows.length === 1;
}

export async function deleteRoom(id: number) {
  const db = await getDb();
  await db.delete(tripRooms).where(and(eq(tripRooms.id, id), inCurrentEdition(tripRooms.editionId)));
}

/**
 * Puts a person in a room (or in none): one row per person and edition, so moving replaces the
 * old place in one statement and nobody is ever in two rooms.
 */
export async function placePerson(userId: number, guest: Guest, roomId: number | null) {
  const db = await getDb();
  if (roomId === null) {
    await db
      .delete(tripRoomPeople)
      .where(and(memberInCurrentEdition(tripRoomPeople, userId), eq(tripRoomPeople.guest, guest)));
    return true;
  }
  const [room] = await db
    .select({ id: tripRooms.id })
    .from(tripRooms)
    .where(and(eq(tripRooms.id, roomId), inCurrentEdition(tripRooms.editionId)));
  if (!room) return false;
  await db
    .insert(tripRoomPeople)
    .values({ roomId, userId, guest })
    .onConflictDoUpdate({
      target: [tripRoomPeople.editionId, tripRoomPeople.userId, tripRoomPeople.guest],
      set: { roomId },
    });
  return true;
}

/** Writes a suggested plan, only while the plan is empty (a double click writes it once). */
export async function fillEmptyPlan(placements: { roomId: number; userId: number; guest: Guest }[]) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rooms = await tx
      .select({ id: tripRooms.id })
      .from(tripRooms)
      .where(inCurrentEdition(tripRooms.editionId))
      .for("update");
    const existing = await tx
      .select({ userId: tripRoomPeople.userId })
      .from(tripRoomPeople)
      .where(inCurrentEdition(tripRoomPeople.editionId))
      .limit(1);
    if (existing.length || !rooms.length) return false;
    if (placements.length) await tx.insert(tripRoomPeople).values(placements);
    return true;
  });
}

export async function clearPlan() {
  const db = await getDb();
  await db.delete(tripRoomPeople).where(inCurrentEdition(tripRoomPeople.editionId));
}
