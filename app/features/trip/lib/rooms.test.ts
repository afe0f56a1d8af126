import { describe, expect, it } from "vitest";
import { planWarnings, roomsFromHouse, suggestRooms, tripPeople, type Room } from "~/features/trip/lib/rooms";

const member = (userId: number, name: string, shareRoom: string, boo = false, child = false) => ({
  userId,
  name,
  shareRoom,
  boo,
  child,
});

const roomOf = (placements: { roomId: number; personKey: string }[], key: string) =>
  placements.filter((placement) => placement.personKey === key).map((placement) => placement.roomId);

describe("suggestRooms", () => {
  const rooms: Room[] = [
    { id: 1, name: "Loft", beds: 2 },
    { id: 2, name: "Bunk room", beds: 4 },
    { id: 3, name: "Den", beds: 1 },
    { id: 4, name: "Garden room", beds: 2 },
  ];

  it("keeps couples and kids together, pairs sharers, puts refusers alone, and breaks no rule when it can", () => {
    const people = tripPeople([
      member(1, "Alex", "yes", true),
      member(2, "Sam", "no", true, true),
      member(3, "Riley", "yes"),
      member(4, "Jordan", "yes"),
      member(5, "Casey", "no"),
    ]);
    const { placements, unmet } = suggestRooms(people, rooms);
    expect(unmet).toEqual([]);
    expect(planWarnings(people, rooms, placements)).toEqual([]);
    expect(roomOf(placements, "1")).toEqual(roomOf(placements, "1:boo"));
    expect(roomOf(placements, "2")).toEqual(roomOf(placements, "2:child"));
    expect(roomOf(placements, "2")).toEqual(roomOf(placements, "2:boo"));
    expect(roomOf(placements, "3")).toEqual(roomOf(placements, "4"));
    // Casey alone: the one-bed den.
    expect(roomOf(placements, "5")).toEqual([3]);
    expect(placements).toHaveLength(people.length);
  });

  it("names every rule it could not keep when there are too few beds", () => {
    const people = tripPeople([
      member(1, "Alex", "no", true),
      member(2, "Sam", "no"),
      member(3, "Riley", "yes"),
    ]);
    const small: Room[] = [
      { id: 1, name: "Loft", beds: 1 },
      { id: 2, name: "Den", beds: 1 },
    ];
    const { placements, unmet } = suggestRooms(people, small);
    expect(placements).toHaveLength(2);
    expect(unmet.join(" ")).toMatch(/Alex and Alex's boo could not be put in one room/);
    expect(unmet.join(" ")).toMatch(/No room was free for Alex and Alex's boo alone/);
    expect(unmet.some((line) => line.startsWith("No bed is left for"))).toBe(true);
    // Every unplaced person is named, and the warnings say the same.
    const placed = new Set(placements.map((placement) => placement.personKey));
    for (const person of people.filter((candidate) => !placed.has(candidate.key))) {
      expect(unmet.join(" ")).toContain(person.name);
      expect(planWarnings(people, small, placements)).toContain(`${person.name} is in no room.`);
    }
  });

  it("puts a refuser with others only when no room is left for them alone, and says so", () => {
    const people = tripPeople([member(1, "Alex", "yes"), member(2, "Sam", "no")]);
    const { placements, unmet } = suggestRooms(people, [{ id: 1, name: "Loft", beds: 2 }]);
    expect(placements).toHaveLength(2);
    expect(unmet).toEqual(["Alex is in Loft with Sam, who won't share: no other bed was free."]);
    expect(planWarnings(people, [{ id: 1, name: "Loft", beds: 2 }], placements)).toEqual([
      "Sam won't share a room but is in Loft with Alex.",
    ]);
  });

  it("counts no answer as willing to share", () => {
    const people = tripPeople([member(1, "Alex", ""), member(2, "Sam", "")]);
    const { placements, unmet } = suggestRooms(people, [{ id: 1, name: "Loft", beds: 2 }]);
    expect(unmet).toEqual([]);
    expect(new Set(placements.map((placement) => placement.roomId))).toEqual(new Set([1]));
  });

  it("never places more people than beds, whatever the mix", () => {
    for (let seed = 1; seed < 60; seed += 1) {
      const members = Array.from({ length: (seed % 9) + 1 }, (_, index) =>
        member(
          index + 1,
          `M${index}`,
          ["yes", "no", ""][(seed * (index + 1)) % 3],
          (seed + index) % 4 === 0,
          (seed * index) % 5 === 0,
        ),
      );
      const rooms = Array.from({ length: (seed % 5) + 1 }, (_, index) => ({
        id: index + 1,
        name: `R${index}`,
        beds: ((seed + index) % 4) + 1,
      }));
      const people = tripPeople(members);
      const { placements, unmet } = suggestRooms(people, rooms);
      const warnings = planWarnings(people, rooms, placements);
      expect(warnings.filter((warning) => / people for /.test(warning))).toEqual([]);
      expect(warnings.filter((warning) => / rooms: /.test(warning))).toEqual([]);
      const beds = rooms.reduce((sum, room) => sum + room.beds, 0);
      expect(placements.length).toBe(Math.min(beds, people.length));
      // A person left out or a refuser with others is always among what could not be kept.
      if (placements.length < people.length)
        expect(unmet.some((line) => line.startsWith("No bed is left"))).toBe(true);
      if (warnings.some((warning) => warning.includes("won't share a room but")))
        expect(unmet.some((line) => /No room was free|who won't share/.test(line))).toBe(true);
    }
  });
});

describe("planWarnings", () => {
  const people = tripPeople([
    member(1, "Alex", "no", true),
    member(2, "Sam", "yes"),
    member(3, "Riley", "yes"),
  ]);
  const rooms: Room[] = [
    { id: 1, name: "Loft", beds: 1 },
    { id: 2, name: "Den", beds: 2 },
  ];

  it("warns of a room over its beds, a refuser with another, a person in no room and one in two rooms", () => {
    const warnings = planWarnings(people, rooms, [
      { roomId: 1, personKey: "1" },
      { roomId: 1, personKey: "1:boo" },
      { roomId: 1, personKey: "2" },
      { roomId: 2, personKey: "2" },
    ]);
    expect(warnings).toEqual([
      "Loft has 3 people for 1 bed.",
      "Alex won't share a room but is in Loft with Sam.",
      "Sam is in 2 rooms: Loft, Den.",
      "Riley is in no room.",
    ]);
  });

  it("does not count a refuser's own boo or child as sharing", () => {
    expect(
      planWarnings(people.slice(0, 2), rooms, [
        { roomId: 2, personKey: "1" },
        { roomId: 2, personKey: "1:boo" },
      ]),
    ).toEqual([]);
  });
});

describe("roomsFromHouse", () => {
  it("makes one room per bedroom and spreads the beds, the first rooms taking the extra ones", () => {
    expect(roomsFromHouse(3, 5)).toEqual([
      { name: "Bedroom 1", beds: 2 },
      { name: "Bedroom 2", beds: 2 },
      { name: "Bedroom 3", beds: 1 },
    ]);
    expect(roomsFromHouse(4, 2).every((room) => room.beds === 1)).toBe(true);
    expect(roomsFromHouse(0, 5)).toEqual([]);
    expect(roomsFromHouse(1, 99)).toEqual([{ name: "Bedroom 1", beds: 20 }]);
  });
});
