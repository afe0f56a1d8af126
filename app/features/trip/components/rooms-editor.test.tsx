import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PeoplePlacer, RoomsEditor } from "~/features/trip/components/rooms-editor";
import { ROOM_LIMITS } from "~/features/trip/lib/rooms";

// The bench's season (scripts/bench-support.ts, BENCH_SEASON): 40 members on the trip; here each
// brings a boo and a child (the most people 40 members make), in as many rooms as a plan may have.
const MEMBERS = 40;
const rooms = Array.from({ length: ROOM_LIMITS.rooms }, (_, index) => ({
  id: index + 1,
  name: `Room ${index + 1}`,
  beds: 3,
  people: [] as { key: string; name: string }[],
}));
const people = Array.from({ length: MEMBERS }, (_, index) => index + 1).flatMap((userId) =>
  ["", ":boo", ":child"].map((guest, slot) => ({
    key: `${userId}${guest}`,
    name: `Member ${userId}${guest ? `'s ${guest.slice(1)}` : ""}`,
    shares: userId % 4 === 0 ? false : true,
    // Everyone but the last member's family has a room; two rooms stay empty.
    roomId: userId === MEMBERS ? null : ((userId + slot) % (ROOM_LIMITS.rooms - 2)) + 1,
  })),
);
for (const person of people)
  rooms.find((room) => room.id === person.roomId)?.people.push({ key: person.key, name: person.name });

// The forms are Remix's <Form>, which renders inside a data router.
const inRouter = (element: ReactElement) =>
  renderToStaticMarkup(
    createElement(RouterProvider, { router: createMemoryRouter([{ path: "/", element }]) }),
  );
const page = () =>
  inRouter(
    createElement("div", null, [
      createElement(RoomsEditor, { key: "rooms", rooms, failureFor: () => undefined }),
      createElement(PeoplePlacer, { key: "people", people, rooms }),
    ]),
  );
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe("the rooms page at the bench's size", () => {
  it("grows as people + rooms: one person select, one room select, fewer than 200 options", () => {
    const html = page();
    const options = count(html, /<option\b/g);
    // Each person and each room once, a placeholder in each select, and "No room".
    expect(options).toBe(people.length + rooms.length + 3);
    expect(options).toBeLessThan(200);
    expect(count(html, /<select\b/g)).toBe(2);
  });

  it("lists each room's people with a Take out button naming them and the room", () => {
    const html = page();
    const placed = people.filter((person) => person.roomId !== null);
    expect(count(html, />Take out</g)).toBe(placed.length);
    expect(html).toContain('aria-label="Take Member 1&#x27;s boo out of Room 3"');
    // The ones in no room stay listed by name, and the person select says where everyone is.
    expect(html).toMatch(/id="unplaced-heading">In no room<\/h3><ul[^>]*><li[^>]*>Member 40<\/li>/);
    expect(html).toContain(">Member 4 (won&#x27;t share) — Room 5</option>");
    expect(html).toContain(">Member 40&#x27;s child — no room</option>");
  });

  it("shows a refused move's choice and messages on its fields", () => {
    const html = inRouter(
      createElement(PeoplePlacer, {
        people,
        rooms,
        failure: {
          form: "place",
          error: "Choose a room, or No room.",
          fieldErrors: { roomId: "Choose a room, or No room." },
          values: { person: "7:boo", roomId: "" },
        },
      }),
    );
    expect(html).toContain('<option value="7:boo" selected="">');
    expect(html).toContain('id="move-room" aria-invalid="true" aria-describedby="move-room-error"');
    expect(html).toContain('<p id="move-room-error" class="field-error">Choose a room, or No room.</p>');
  });
});
