/** Who sleeps where: people (members and the guests they bring), rooms with beds, and the plan's rules. */

export type Guest = "self" | "boo" | "child";

/** A member's key is their id; a guest's is the member's id and what they are ("7:boo"). */
export const personKey = (userId: number, guest: Guest) =>
  guest === "self" ? `${userId}` : `${userId}:${guest}`;

export type Person = {
  key: string;
  userId: number;
  guest: Guest;
  name: string;
  /** The member's share_room answer; a guest follows their member. null: no answer (counts as willing). */
  shares: boolean | null;
};

export type Room = { id: number; name: string; beds: number };
export type Placement = { roomId: number; personKey: string };

export const ROOM_LIMITS = { name: 60, minBeds: 1, maxBeds: 20, rooms: 40 } as const;

/** The rooms page's "No room" choice (an empty choice is no choice, refused on its field). */
export const NO_ROOM = "none";

/** "Alex", "Alex's boo", "Alex's child". */
export function personName(memberName: string, guest: Guest) {
  return guest === "self" ? memberName : `${memberName}'s ${guest}`;
}

/** The people on the trip: each member, then their boo and child when they bring them. */
export function tripPeople(
  members: readonly { userId: number; name: string; shareRoom: string; boo: boolean; child: boolean }[],
): Person[] {
  return members.flatMap((member) => {
    const shares = member.shareRoom === "yes" ? true : member.shareRoom === "no" ? false : null;
    const guests: Guest[] = [
      "self",
      ...(member.boo ? ["boo" as const] : []),
      ...(member.child ? ["child" as const] : []),
    ];
    return guests.map((guest) => ({
      key: personKey(member.userId, guest),
      userId: member.userId,
      guest,
      name: personName(member.name, guest),
      shares,
    }));
  });
}

/**
 * A first list of rooms from the house's listing: one per bedroom, its beds spread as evenly as
 * they go (the first rooms take the extra ones), never more than the limit per room.
 */
export function roomsFromHouse(bedrooms: number, beds: number): { name: string; beds: number }[] {
  const count = Math.max(0, Math.min(Math.floor(bedrooms), ROOM_LIMITS.rooms));
  if (count === 0) return [];
  const total = Math.max(count, Math.floor(beds));
  const base = Math.floor(total / count);
  const extra = total % count;
  return Array.from({ length: count }, (_, index) => ({
    name: `Bedroom ${index + 1}`,
    beds: Math.min(ROOM_LIMITS.maxBeds, base + (index < extra ? 1 : 0)),
  }));
}

type Unit = { people: Person[]; alone: boolean };

/**
 * Fills an empty plan from the answers: a member with their boo or child in one room, those who
 * share paired two by two, those who won't share alone where the rooms allow. Returns the
 * placements and, in words, every rule it could not keep (nothing is left out silently).
 */
export function suggestRooms(people: readonly Person[], rooms: readonly Room[]) {
  const free = new Map(rooms.map((room) => [room.id, room.beds]));
  const exclusive = new Set<number>();
  const used = new Set<number>();
  const placements: Placement[] = [];
  const unmet: string[] = [];

  const members = people.filter((person) => person.guest === "self");
  const families: Unit[] = members.map((member) => ({
    people: people.filter((person) => person.userId === member.userId),
    alone: member.shares === false,
  }));
  // Guests whose member is not in the list still need a bed.
  for (const person of people) {
    if (!members.some((member) => member.userId === person.userId))
      families.push({ people: [person], alone: person.shares === false });
  }
  const singles = families.filter((unit) => !unit.alone && unit.people.length === 1);
  const units: Unit[] = families.filter((unit) => unit.alone || unit.people.length > 1);
  for (let index = 0; index < singles.length; index += 2) {
    units.push({ people: singles.slice(index, index + 2).flatMap((unit) => unit.people), alone: false });
  }
  // Who must be alone goes first, then the largest units: they are the hardest to fit.
  units.sort((a, b) => Number(b.alone) - Number(a.alone) || b.people.length - a.people.length);

  const byFit = (size: number, onlyEmpty: boolean) =>
    rooms
      .filter((room) => !exclusive.has(room.id) && (free.get(room.id) ?? 0) >= size)
      .filter((room) => !onlyEmpty || !used.has(room.id))
      .sort((a, b) => (free.get(a.id) ?? 0) - (free.get(b.id) ?? 0))[0];

  const place = (room: Room, group: Person[]) => {
    for (const person of group) placements.push({ roomId: room.id, personKey: person.key });
    free.set(room.id, (free.get(room.id) ?? 0) - group.length);
    used.add(room.id);
  };

  const names = (group: Person[]) => group.map((person) => person.name).join(" and ");

  const leftOver: Person[] = [];
  for (const unit of units) {
    const size = unit.people.length;
    if (unit.alone) {
      const room = byFit(size, true);
      if (room) {
        place(room, unit.people);
        exclusive.add(room.id);
        continue;
      }
      unmet.push(
        `No room was free for ${names(unit.people)} alone, though ${unit.people[0].name} won't share.`,
      );
    }
    const room = byFit(size, false);
    if (room) {
      place(room, unit.people);
      continue;
    }
    // The unit does not fit in one room: each person goes where a bed is left.
    if (size > 1) unmet.push(`${names(unit.people)} could not be put in one room.`);
    for (const person of unit.people) {
      const single = byFit(1, false);
      if (single) place(single, [person]);
      else leftOver.push(person);
    }
  }
  // A bed beside someone who won't share beats no bed: the last ones take what is left, said aloud.
  for (const person of leftOver) {
    const room = rooms.find((candidate) => (free.get(candidate.id) ?? 0) > 0);
    if (!room) {
      unmet.push(`No bed is left for ${person.name}.`);
      continue;
    }
    const refusers = placements
      .filter((placement) => placement.roomId === room.id)
      .map((placement) => people.find((other) => other.key === placement.personKey)!)
      .filter((other) => other.guest === "self" && other.shares === false);
    place(room, [person]);
    unmet.push(
      `${person.name} is in ${room.name} with ${names(refusers)}, who won't share: no other bed was free.`,
    );
  }
  return { placements, unmet };
}

/** Every way the plan breaks a rule, in words: shown to the organiser, never fixed silently. */
export function planWarnings(
  people: readonly Person[],
  rooms: readonly Room[],
  placements: readonly Placement[],
): string[] {
  const warnings: string[] = [];
  const byKey = new Map(people.map((person) => [person.key, person]));
  const roomsOf = new Map<string, Room[]>();
  for (const placement of placements) {
    const room = rooms.find((candidate) => candidate.id === placement.roomId);
    if (room) roomsOf.set(placement.personKey, [...(roomsOf.get(placement.personKey) ?? []), room]);
  }
  for (const room of rooms) {
    const inRoom = placements.filter((placement) => placement.roomId === room.id);
    if (inRoom.length > room.beds) {
      warnings.push(
        `${room.name} has ${inRoom.length} people for ${room.beds} ${room.beds === 1 ? "bed" : "beds"}.`,
      );
    }
    for (const placement of inRoom) {
      const person = byKey.get(placement.personKey);
      if (!person || person.guest !== "self" || person.shares !== false) continue;
      const others = inRoom
        .map((other) => byKey.get(other.personKey))
        .filter((other): other is Person => Boolean(other) && other!.userId !== person.userId);
      if (others.length) {
        warnings.push(
          `${person.name} won't share a room but is in ${room.name} with ${others.map((other) => other.name).join(", ")}.`,
        );
      }
    }
  }
  for (const person of people) {
    const placed = roomsOf.get(person.key) ?? [];
    if (placed.length === 0) warnings.push(`${person.name} is in no room.`);
    if (placed.length > 1)
      warnings.push(
        `${person.name} is in ${placed.length} rooms: ${placed.map((room) => room.name).join(", ")}.`,
      );
  }
  for (const key of roomsOf.keys()) {
    if (!byKey.has(key))
      warnings.push(`Someone no longer on the trip is still in ${roomsOf.get(key)![0].name}.`);
  }
  return warnings;
}
