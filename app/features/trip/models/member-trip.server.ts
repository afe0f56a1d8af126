import { asc, eq, or } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { editions, tripItems, tripRides, tripRoomPeople, tripRooms, tripTravel } from "~/platform/db/schema";

/** A member's trip records in every edition, for "Download my data": travel, rides, items, room. */
export async function memberTrip(userId: number) {
  const db = await getDb();
  const [travel, rides, items, rooms] = await Promise.all([
    db
      .select({ edition: editions.year, travel: tripTravel })
      .from(tripTravel)
      .innerJoin(editions, eq(editions.id, tripTravel.editionId))
      .where(eq(tripTravel.userId, userId))
      .orderBy(asc(editions.year)),
    db
      .select({
        edition: editions.year,
        riderId: tripRides.riderId,
        status: tripRides.status,
        createdAt: tripRides.createdAt,
      })
      .from(tripRides)
      .innerJoin(editions, eq(editions.id, tripRides.editionId))
      .where(or(eq(tripRides.riderId, userId), eq(tripRides.driverId, userId)))
      .orderBy(asc(tripRides.id)),
    db
      .select({
        edition: editions.year,
        title: tripItems.title,
        notes: tripItems.notes,
        done: tripItems.done,
      })
      .from(tripItems)
      .innerJoin(editions, eq(editions.id, tripItems.editionId))
      .where(eq(tripItems.claimedBy, userId))
      .orderBy(asc(tripItems.id)),
    db
      .select({ edition: editions.year, room: tripRooms.name, guest: tripRoomPeople.guest })
      .from(tripRoomPeople)
      .innerJoin(tripRooms, eq(tripRooms.id, tripRoomPeople.roomId))
      .innerJoin(editions, eq(editions.id, tripRoomPeople.editionId))
      .where(eq(tripRoomPeople.userId, userId))
      .orderBy(asc(editions.year)),
  ]);
  return {
    travel: travel.map(({ edition, travel: { userId: _user, editionId: _edition, ...row } }) => ({
      edition,
      ...row,
    })),
    rides: rides.map(({ riderId, ...ride }) => ({ ...ride, as: riderId === userId ? "rider" : "driver" })),
    itemsClaimed: items,
    rooms,
  };
}
