import { weekendLong } from "~/features/season/lib/event-settings";
import type { EventPlan } from "~/features/results/index.server";
import { tripPeople, type Placement, type Room } from "~/features/trip/lib/rooms";
import type { TripCandidate } from "~/features/trip/models/people.server";

/** Each room with the names in it, and the viewer's own room. */
export function roomPlan(
  members: readonly TripCandidate[],
  rooms: readonly Room[],
  placements: readonly Placement[],
  userId?: number,
) {
  const people = tripPeople(members);
  const named = rooms.map((room) => ({
    ...room,
    people: placements
      .filter((placement) => placement.roomId === room.id)
      .map((placement) => people.find((person) => person.key === placement.personKey))
      .filter((person) => person !== undefined),
  }));
  const mine = named.find((room) =>
    room.people.some((person) => person.userId === userId && person.guest === "self"),
  );
  return { people, rooms: named, mine };
}

export function eventFacts(plan: EventPlan) {
  const { event } = plan;
  return {
    shortName: event.shortName,
    when: `${weekendLong(event.plannedWeekend, event.year)}, ${event.year}`,
    where: plan.location,
  };
}
