import { asc, eq, or } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { editions, tripItems, tripRides, tripRoomPeople, tripRooms, tripTravel } from "~/platform/db/schema";
import { selectWithEditionYear } from "~/features/season/index.server";

/** A member's trip records in every edition, for "Download my data": travel, rides, items, room. */
export async function memberTrip(userId: number) {
  const db = await getDb();
  const [travel, rides, items, rooms] = await Promise.all([
    selectWithEditionYear(db, tripTravel, tripTravel.editionId, { travel: tripTravel })
      .where(eq(tripTravel.userId, userId))
      .orderBy(asc(editions.year)),
    selectWithEditionYear(db, tripRides, tripRides.editionId, {
      riderId: tripRides.riderId,
      status: tripRides.status,
      createdAt: tripRides.createdAt,
    })
      .where(or(eq(tripRides.riderId, userId), eq(tripRides.driverId, userId)))
      .orderBy(asc(tripRides.id)),
    selectWithEditionYear(db, tripItems, tripItems.editionId, {
      title: tripItems.title,
      notes: tripItems.notes,
      done: tripItems.done,
    })
      .where(eq(tripItems.claimedBy, userId))
      .orderBy(asc(tripItems.id)),
    selectWithEditionYear(db, tripRoomPeople, tripRoomPeople.editionId, {
      room: tripRooms.name,
      guest: tripRoomPeople.guest,
    })
      .innerJoin(tripRooms, eq(tripRooms.id, tripRoomPeople.roomId))
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
