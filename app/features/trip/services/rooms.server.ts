import {
  NO_ROOM,
  ROOM_LIMITS,
  planWarnings,
  roomsFromHouse,
  suggestRooms,
  tripPeople,
} from "~/features/trip/lib/rooms";
import {
  addRooms,
  clearPlan,
  deleteRoom,
  fillEmptyPlan,
  listPlacements,
  listRooms,
  placePerson,
  updateRoom,
} from "~/features/trip/models/rooms.server";
import { refuse } from "~/platform/services/refuse.server";
import { idOf, type TripForm, type TripOutcome } from "~/features/trip/services/trip-actions.server";
import { roomPlan } from "~/features/trip/services/trip-facts.server";
import type { requireTripMember } from "~/features/trip/services/trip-members.server";

type Trip = Awaited<ReturnType<typeof requireTripMember>>;

/** The organiser's rooms page: the rooms, everyone with their room, the warnings, and a starting list. */
export async function getRoomsPage(trip: Trip) {
  const [rooms, placements] = await Promise.all([listRooms(), listPlacements()]);
  const plan = roomPlan(trip.members, rooms, placements);
  const house = trip.plan.house;
  return {
    shortName: trip.plan.event.shortName,
    house: house ? { title: house.title, bedrooms: house.num_bedrooms, beds: house.num_beds } : null,
    rooms: plan.rooms.map((room) => ({
      id: room.id,
      name: room.name,
      beds: room.beds,
      people: room.people.map((person) => ({ key: person.key, name: person.name })),
    })),
    people: plan.people.map((person) => ({
      key: person.key,
      name: person.name,
      shares: person.shares,
      roomId: placements.find((placement) => placement.personKey === person.key)?.roomId ?? null,
    })),
    warnings: planWarnings(plan.people, rooms, placements),
    planEmpty: placements.length === 0,
  };
}

function parseRoom(form: TripForm) {
  const values = { name: form.name ?? "", beds: form.beds ?? "" };
  const { name } = values;
  const beds = /^\d+$/.test(values.beds) ? Number(values.beds) : NaN;
  const fieldErrors: Record<string, string> = {};
  if (!name) fieldErrors.name = "Name the room.";
  else if (name.length > ROOM_LIMITS.name) fieldErrors.name = `At most ${ROOM_LIMITS.name} characters.`;
  if (!(beds >= ROOM_LIMITS.minBeds && beds <= ROOM_LIMITS.maxBeds))
    fieldErrors.beds = `Beds: a whole number from ${ROOM_LIMITS.minBeds} to ${ROOM_LIMITS.maxBeds}.`;
  return Object.keys(fieldErrors).length ? { fieldErrors, values } : { room: { name, beds }, values };
}

/** The rooms page's forms, by `intent` (organisers only; the route checks). */
export const ROOM_INTENTS: Record<string, (trip: Trip, form: TripForm) => Promise<TripOutcome>> = {
  async generate(trip) {
    const house = trip.plan.house;
    if (!house)
      return refuse({ form: "rooms", error: "Choose the house first: the list starts from its bedrooms." });
    if ((await listRooms()).length)
      return refuse({ form: "rooms", error: "There are rooms already: rename or remove them below." });
    await addRooms(roomsFromHouse(house.num_bedrooms, house.num_beds));
    return { message: `${house.num_bedrooms} rooms from ${house.title}: name them and set their beds.` };
  },

  async "add-room"(_trip, form) {
    const parsed = parseRoom(form);
    if (!parsed.room) return refuse({ form: "add-room", error: "Check the room.", ...parsed });
    if ((await listRooms()).length >= ROOM_LIMITS.rooms)
      return refuse({ form: "add-room", error: `At most ${ROOM_LIMITS.rooms} rooms.` });
    await addRooms([parsed.room]);
    return { message: `${parsed.room.name} is added.` };
  },

  async "save-room"(_trip, form) {
    const parsed = parseRoom(form);
    const id = idOf(form.id);
    if (!parsed.room) return refuse({ form: `room-${id}`, error: "Check the room.", ...parsed });
    if (!(await updateRoom(id, parsed.room))) return refuse({ form: "rooms", error: "That room is gone." });
    return { message: `${parsed.room.name} is saved.` };
  },

  async "remove-room"(_trip, form) {
    await deleteRoom(idOf(form.id));
    return { message: "The room is removed; whoever was in it is in no room now." };
  },

  /**
   * Moves one person (the "Move someone" form, or a room's "Take out" button): `roomId` is a room's
   * id or "none" (no room); an empty choice is refused on its field.
   */
  async place(trip, form) {
    const values = { person: form.person ?? "", roomId: form.roomId ?? "" };
    if (!values.person)
      return refuse({
        form: "place",
        error: "Choose who to move.",
        fieldErrors: { person: "Choose a person." },
        values,
      });
    const person = tripPeople(trip.members).find((candidate) => candidate.key === values.person);
    if (!person) {
      const error = "That person is not on the trip.";
      return refuse({ form: "place", error, fieldErrors: { person: error }, values });
    }
    const target = values.roomId === NO_ROOM ? null : Number(values.roomId);
    if (target !== null && !(Number.isInteger(target) && target > 0)) {
      const error = "Choose a room, or No room.";
      return refuse({ form: "place", error, fieldErrors: { roomId: error }, values });
    }
    if (!(await placePerson(person.userId, person.guest, target))) {
      const fieldErrors = { roomId: "That room is gone: choose another." };
      return refuse({ form: "place", error: "That room is gone.", fieldErrors, values });
    }
    if (target === null) return { message: `${person.name} is in no room now.` };
    const room = (await listRooms()).find((candidate) => candidate.id === target);
    return { message: `${person.name} is in ${room?.name ?? "the room"} now.` };
  },

  async suggest(trip) {
    const [rooms, placements] = await Promise.all([listRooms(), listPlacements()]);
    const full = "Suggest rooms fills an empty plan: clear the plan first.";
    if (!rooms.length) return refuse({ form: "suggest", error: "Add the rooms first." });
    if (placements.length) return refuse({ form: "suggest", error: full });
    const { people } = roomPlan(trip.members, rooms, []);
    const { placements: suggested, unmet } = suggestRooms(people, rooms);
    const rows = suggested.map((placement) => {
      const person = people.find((candidate) => candidate.key === placement.personKey)!;
      return { roomId: placement.roomId, userId: person.userId, guest: person.guest };
    });
    if (!(await fillEmptyPlan(rows))) return refuse({ form: "suggest", error: full });
    return { message: suggestedMessage(unmet) };
  },

  async clear() {
    await clearPlan();
    return { message: "The plan is empty." };
  },
};

/** What Suggest rooms says: the first rules it could not keep, so the message stays short on a phone. */
function suggestedMessage(unmet: string[], shown = 3) {
  if (!unmet.length) return "Rooms suggested: every rule is kept. Move anyone below.";
  const more = unmet.length - shown;
  return `Rooms suggested. Could not keep: ${unmet.slice(0, shown).join(" ")}${
    more > 0 ? ` And ${more} more ${more === 1 ? "rule" : "rules"}: move people below to keep them.` : ""
  }`;
}
