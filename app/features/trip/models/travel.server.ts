import { TransactionRollbackError, and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { columnsOf } from "~/platform/db/columns";
import { tripRides, tripTravel } from "~/platform/db/schema";
import { inCurrentEdition } from "~/features/season/index.server";
import type { RideRow, Travel } from "~/features/trip/lib/travel";

type StoredTravel = Travel & { userId: number; seatsTaken: number };

export async function listTravel(): Promise<StoredTravel[]> {
  const db = await getDb();
  const rows = await db.select().from(tripTravel).where(inCurrentEdition(tripTravel.editionId));
  return rows.map(({ editionId: _edition, updatedAt: _updated, ...row }) => row as StoredTravel);
}

/**
 * Saves a member's travel. A driver with accepted riders cannot drop below their seats (or stop
 * driving): the check and the write are one statement, so an acceptance racing it cannot slip in.
 */
export async function saveTravel(userId: number, travel: Travel): Promise<"saved" | "seats-taken"> {
  const db = await getDb();
  const seats = travel.how === "driving" ? travel.seats : 0;
  const rows = await db
    .insert(tripTravel)
    .values({ userId, ...travel, seats })
    .onConflictDoUpdate({
      target: [tripTravel.editionId, tripTravel.userId],
      set: { ...travel, seats, updatedAt: new Date() },
      setWhere: sql`${tripTravel.seatsTaken} <= ${seats}`,
    })
    .returning({ userId: tripTravel.userId });
  return rows.length === 1 ? "saved" : "seats-taken";
}

export async function listRides(): Promise<RideRow[]> {
  const db = await getDb();
  return db
    .select(columnsOf(tripRides, "id", "riderId", "driverId", "status"))
    .from(tripRides)
    .where(inCurrentEdition(tripRides.editionId));
}

/** A rider asks a driver; false when the rider already has an open request (one at a time). */
export async function askRide(riderId: number, driverId: number) {
  const db = await getDb();
  const rows = await db
    .insert(tripRides)
    .values({ riderId, driverId })
    .onConflictDoNothing()
    .returning({ id: tripRides.id });
  return rows.length === 1;
}

export async function getRide(id: number) {
  const db = await getDb();
  const [ride] = await db
    .select()
    .from(tripRides)
    .where(and(eq(tripRides.id, id), inCurrentEdition(tripRides.editionId)));
  return ride;
}

/**
 * The driver accepts a pending request: one seat is taken only while one is free (a conditional
 * update, so of ten acceptances racing for three seats exactly three win) and the request turns
 * accepted in the same transaction, or nothing changes.
 */
export async function acceptRide(id: number, driverId: number): Promise<"accepted" | "no-seat" | "gone"> {
  const db = await getDb();
  return db
    .transaction(async (tx) => {
      const [ride] = await tx
        .update(tripRides)
        .set({ status: "accepted", updatedAt: new Date() })
        .where(
          and(
            eq(tripRides.id, id),
            eq(tripRides.driverId, driverId),
            eq(tripRides.status, "pending"),
            inCurrentEdition(tripRides.editionId),
          ),
        )
        .returning({ id: tripRides.id });
      if (!ride) return "gone";
      const [seat] = await tx
        .update(tripTravel)
        .set({ seatsTaken: sql`${tripTravel.seatsTaken} + 1` })
        .where(
          and(
            eq(tripTravel.userId, driverId),
            eq(tripTravel.how, "driving"),
            sql`${tripTravel.seatsTaken} < ${tripTravel.seats}`,
            inCurrentEdition(tripTravel.editionId),
          ),
        )
        .returning({ userId: tripTravel.userId });
      if (!seat) {
        tx.rollback();
      }
      return "accepted";
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return "no-seat" as const;
      throw error;
    });
}

export async function declineRide(id: number, driverId: number) {
  const db = await getDb();
  const rows = await db
    .update(tripRides)
    .set({ status: "declined", updatedAt: new Date() })
    .where(and(eq(tripRides.id, id), eq(tripRides.driverId, driverId), eq(tripRides.status, "pending")))
    .returning({ id: tripRides.id });
  return rows.length === 1;
}

/** The rider withdraws their open request; an accepted seat is given back in the same transaction. */
export async function withdrawRide(riderId: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(tripRides)
      .where(
        and(
          eq(tripRides.riderId, riderId),
          inArray(tripRides.status, ["pending", "accepted"]),
          inCurrentEdition(tripRides.editionId),
        ),
      )
      .returning({ driverId: tripRides.driverId, status: tripRides.status });
    for (const ride of gone.filter((row) => row.status === "accepted")) {
      await tx
        .update(tripTravel)
        .set({ seatsTaken: sql`greatest(${tripTravel.seatsTaken} - 1, 0)` })
        .where(and(eq(tripTravel.userId, ride.driverId), inCurrentEdition(tripTravel.editionId)));
    }
  });
}
