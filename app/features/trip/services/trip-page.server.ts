import { cachedByTables } from "~/platform/models/table-cache.server";
import { weekendDays } from "~/features/season/lib/event-settings";
import { getEventPlan } from "~/features/results/index.server";
import { NOTE_FIELDS } from "~/features/trip/lib/items";
import { planWarnings } from "~/features/trip/lib/rooms";
import {
  HOW_LABELS,
  groupTravel,
  travelDays,
  whenLabel,
  type RideRow,
  type TravelRow,
} from "~/features/trip/lib/travel";
import { countPreviousItems, listItems } from "~/features/trip/models/items.server";
import { listPlacements, listRooms } from "~/features/trip/models/rooms.server";
import { getTripSettings } from "~/features/trip/models/settings.server";
import { listRides, listTravel } from "~/features/trip/models/travel.server";
import { feedAddresses } from "~/features/trip/services/feed.server";
import { timelineStatus } from "~/features/trip/services/timeline.server";
import type { TripViewer } from "~/features/trip/services/trip-members.server";
import type { TripCandidate } from "~/features/trip/models/people.server";
import { eventFacts, roomPlan } from "~/features/trip/services/trip-facts.server";

function travelRows(
  members: readonly TripCandidate[],
  travel: Awaited<ReturnType<typeof listTravel>>,
): TravelRow[] {
  return travel.flatMap((row) => {
    const member = members.find((candidate) => candidate.userId === row.userId);
    return member ? [{ ...row, name: member.name }] : [];
  });
}

// Every table the trip's shared data is read from: any write to one reads it again.
const TRIP_TABLES = [
  "trip_rooms",
  "trip_room_people",
  "trip_travel",
  "trip_rides",
  "trip_items",
  "trip_settings",
  "editions",
];

/**
 * What every member on the trip sees alike, read once per change of its tables instead of once per
 * request (40 people and 100 items); never mutated by its readers.
 */
function tripData() {
  return cachedByTables("trip-data", TRIP_TABLES, async () => {
    const [rooms, placements, travel, rides, items, settings, previousItems] = await Promise.all([
      listRooms(),
      listPlacements(),
      listTravel(),
      listRides(),
      listItems(),
      getTripSettings(),
      countPreviousItems(),
    ]);
    return { rooms, placements, travel, rides, items, settings, previousItems };
  });
}

/** Everything /trip shows a member on the trip; `open: false` for anyone else (only that it exists). */
export async function getTripPage(viewer: TripViewer, origin: string) {
  const plan = await getEventPlan();
  const facts = eventFacts(plan);
  if (!viewer.onTrip) return { open: false as const, facts, decided: plan.season.decided };
  if (!plan.season.decided) return { open: false as const, facts, decided: false };
  const me = viewer.user.id;
  const [{ rooms, placements, travel, rides, items, settings, previousItems }, feed] = await Promise.all([
    tripData(),
    feedAddresses(me, origin),
  ]);
  const { members } = viewer;
  const name = (userId: number | null) =>
    members.find((member) => member.userId === userId)?.name ?? "someone";
  const rows = travelRows(members, travel);
  const days = weekendDays(plan.event.plannedWeekend, plan.event.year)!;
  const groups = groupTravel(rows, rides);
  const myRide = rides.find((ride: RideRow) => ride.riderId === me && ride.status !== "declined");
  const declined = rides
    .filter((ride) => ride.riderId === me && ride.status === "declined")
    .map((ride) => name(ride.driverId));
  const rooming = roomPlan(members, rooms, placements, me);
  return {
    open: true as const,
    facts,
    organiser: viewer.organiser,
    me,
    rooms: rooming.rooms.map((room) => ({
      id: room.id,
      name: room.name,
      beds: room.beds,
      people: room.people.map((person) => person.name),
    })),
    myRoom: rooming.mine
      ? {
          name: rooming.mine.name,
          with: rooming.mine.people.filter((person) => person.userId !== me).map((person) => person.name),
        }
      : null,
    warnings: viewer.organiser ? planWarnings(rooming.people, rooms, placements) : [],
    days: travelDays(days).map((day) => ({ value: day, label: whenLabel(day, "morning", "").split(",")[0] })),
    myTravel: rows.find((row) => row.userId === me) ?? null,
    drivers: groups.drivers.map((driver) => ({
      userId: driver.userId,
      name: driver.name,
      from: driver.fromPlace,
      arrives: whenLabel(driver.arrivalDay, driver.arrivalPart, driver.arrivalTime),
      seats: driver.seats,
      free: driver.free,
      riders: driver.riders,
    })),
    needRide: groups.needRide.map((row) => ({
      name: row.name,
      from: row.fromPlace,
      arrives: whenLabel(row.arrivalDay, row.arrivalPart, row.arrivalTime),
    })),
    airports: groups.airports.map((group) => ({
      airport: group.airport,
      arrivals: group.arrivals.map((row) => ({
        name: row.name,
        when: whenLabel(row.arrivalDay, row.arrivalPart, row.arrivalTime),
      })),
    })),
    arrivals: [...rows]
      .sort((a, b) => `${a.arrivalDay}${a.arrivalTime}`.localeCompare(`${b.arrivalDay}${b.arrivalTime}`))
      .map((row) => ({
        name: row.name,
        arrives: whenLabel(row.arrivalDay, row.arrivalPart, row.arrivalTime),
        leaves: whenLabel(row.departureDay, row.departurePart, row.departureTime),
        how: row.how === "flying" ? `flying, ${row.airport}` : HOW_LABELS[row.how].toLowerCase(),
      })),
    others: rows
      .filter((row) => row.how === "other")
      .map((row) => ({
        name: row.name,
        arrives: whenLabel(row.arrivalDay, row.arrivalPart, row.arrivalTime),
      })),
    myRide: myRide ? { id: myRide.id, driver: name(myRide.driverId), status: myRide.status } : null,
    declinedBy: declined,
    requests: rides
      .filter((ride) => ride.driverId === me && ride.status === "pending")
      .map((ride) => ({ id: ride.id, rider: name(ride.riderId) })),
    items: items.map((item) => ({
      id: item.id,
      title: item.title,
      notes: item.notes,
      claimedBy: item.claimedBy === null ? null : name(item.claimedBy),
      mine: item.claimedBy === me,
      done: item.done,
    })),
    previousItems: items.length === 0 ? previousItems : 0,
    notes: NOTE_FIELDS.map((field) => ({ ...field, value: settings[field.name] })),
    feed,
    timeline: viewer.organiser ? await timelineStatus() : null,
  };
}
