import { Form } from "@remix-run/react";
import { AnswersAt, FormAnswer } from "~/platform/components/form-answer";
import type { FormFailure } from "~/platform/lib/form-failure";
import { NO_ROOM, ROOM_LIMITS } from "~/features/trip/lib/rooms";
import { Field } from "~/features/trip/components/form-bits";

type Occupant = { key: string; name: string };
type Room = { id: number; name: string; beds: number; people: Occupant[] };
type RoomValues = { name: string; beds: string };
type Person = { key: string; name: string; shares: boolean | null; roomId: number | null };
type PlaceValues = { person: string; roomId: string };

/** One room's name and beds: the form that saves a room, and the one that adds a room. */
function RoomForm({
  prefix,
  id,
  intent,
  button,
  buttonName,
  label,
  values,
  failure,
  removeName,
}: {
  prefix: string;
  id?: number;
  intent: "save-room" | "add-room";
  button: string;
  buttonName?: string;
  label: { "aria-label": string } | { "aria-labelledby": string };
  values: RoomValues;
  failure?: FormFailure<RoomValues>;
  /** A saved room's Remove button (its accessible name): it posts the id, whatever the fields hold. */
  removeName?: string;
}) {
  const errors = failure?.fieldErrors ?? {};
  const shown = failure?.values ?? values;
  return (
    <Form method="post" className="trip-room-form" {...label}>
      {id === undefined ? null : (
        <>
          <input type="hidden" name="id" value={id} />
          <AnswersAt form={`room-${id}`} />
        </>
      )}
      <FormAnswer failure={failure} />
      <Field id={`${prefix}-name`} label="Room" error={errors.name}>
        {(props) => (
          <input
            {...props}
            name="name"
            type="text"
            maxLength={ROOM_LIMITS.name}
            required
            defaultValue={shown.name}
          />
        )}
      </Field>
      <Field id={`${prefix}-beds`} label="Beds" error={errors.beds}>
        {(props) => (
          <input
            {...props}
            name="beds"
            type="number"
            min={ROOM_LIMITS.minBeds}
            max={ROOM_LIMITS.maxBeds}
            step={1}
            required
            defaultValue={shown.beds}
          />
        )}
      </Field>
      <button type="submit" name="intent" value={intent} className="button" aria-label={buttonName}>
        {button}
      </button>
      {removeName ? (
        <button
          type="submit"
          name="intent"
          value="remove-room"
          className="button button-danger"
          formNoValidate
          aria-label={removeName}
        >
          Remove
        </button>
      ) : null}
    </Form>
  );
}

/**
 * The organiser's list of rooms: rename, change beds, remove, add one; each room lists who sleeps
 * in it, each with a button that takes them out (into no room).
 */
export function RoomsEditor({
  rooms,
  failureFor,
}: {
  rooms: Room[];
  failureFor: (form: string) => FormFailure<RoomValues> | undefined;
}) {
  return (
    <>
      <ul className="trip-items">
        {rooms.map((room) => (
          <li key={room.id} className="trip-item">
            <RoomForm
              prefix={`room-${room.id}`}
              id={room.id}
              intent="save-room"
              button="Save"
              buttonName={`Save ${room.name}`}
              label={{ "aria-label": `Room ${room.name}` }}
              values={{ name: room.name, beds: String(room.beds) }}
              failure={failureFor(`room-${room.id}`)}
              removeName={`Remove ${room.name}`}
            />
            {room.people.length ? (
              // One form per room: each Take out button names its person (No room is the place).
              <Form method="post">
                <input type="hidden" name="intent" value="place" />
                <input type="hidden" name="roomId" value={NO_ROOM} />
                <ul className="trip-occupants" aria-label={`In ${room.name}`}>
                  {room.people.map((person) => (
                    <li key={person.key}>
                      <span className="user-text">{person.name}</span>
                      <button
                        type="submit"
                        name="person"
                        value={person.key}
                        className="button button-secondary"
                        aria-label={`Take ${person.name} out of ${room.name}`}
                      >
                        Take out
                      </button>
                    </li>
                  ))}
                </ul>
              </Form>
            ) : (
              <p className="muted">Nobody in it.</p>
            )}
          </li>
        ))}
      </ul>
      <h3 id="add-room-heading">Add a room</h3>
      <RoomForm
        prefix="add-room"
        intent="add-room"
        button="Add the room"
        label={{ "aria-labelledby": "add-room-heading" }}
        values={{ name: "", beds: "2" }}
        failure={failureFor("add-room")}
      />
    </>
  );
}

/** "Sam (won't share) — Bedroom 2": who, their answer, and where they sleep now. */
function personLabel(person: Person, rooms: Room[]) {
  const wontShare = person.shares === false && !person.key.includes(":") ? " (won't share)" : "";
  const room = rooms.find((candidate) => candidate.id === person.roomId);
  return `${person.name}${wontShare} — ${room ? room.name : "no room"}`;
}

/**
 * One form moves anyone: a person (everyone on the trip, with their room) and a room (or No room),
 * so the page grows as people + rooms, not people × rooms. Below it, who is in no room yet.
 */
export function PeoplePlacer({
  people,
  rooms,
  failure,
}: {
  people: Person[];
  rooms: Room[];
  failure?: FormFailure<PlaceValues>;
}) {
  const errors = failure?.fieldErrors ?? {};
  const unplaced = people.filter((person) => !rooms.some((room) => room.id === person.roomId));
  return (
    <>
      <h3 id="move-heading">Move someone</h3>
      <Form method="post" className="trip-move-form" aria-labelledby="move-heading">
        <FormAnswer failure={failure} />
        <Field id="move-person" label="Person" error={errors.person}>
          {(props) => (
            <select {...props} name="person" required defaultValue={failure?.values?.person ?? ""}>
              <option value="">Choose a person</option>
              {people.map((person) => (
                <option key={person.key} value={person.key}>
                  {personLabel(person, rooms)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="move-room" label="To" error={errors.roomId}>
          {(props) => (
            <select {...props} name="roomId" required defaultValue={failure?.values?.roomId ?? ""}>
              <option value="">Choose a room</option>
              {rooms.map((room) => (
                <option key={room.id} value={room.id}>
                  {room.name}
                </option>
              ))}
              <option value={NO_ROOM}>No room</option>
            </select>
          )}
        </Field>
        <button type="submit" name="intent" value="place" className="button">
          Move
        </button>
      </Form>
      <h3 id="unplaced-heading">In no room</h3>
      {unplaced.length ? (
        <ul className="trip-list" aria-labelledby="unplaced-heading">
          {unplaced.map((person) => (
            <li key={person.key} className="user-text">
              {person.name}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nobody: everyone has a room.</p>
      )}
    </>
  );
}
