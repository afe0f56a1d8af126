import type { FormFailure } from "~/platform/lib/form-failure";
import { ROOM_LIMITS } from "~/features/trip/lib/rooms";
import { Field, FormAlert, IntentButton } from "~/features/trip/components/form-bits";

type Room = { id: number; name: string; beds: number; people: string[] };
type RoomValues = { name: string; beds: string };

function RoomFields({
  prefix,
  values,
  errors,
}: {
  prefix: string;
  values: RoomValues;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Field id={`${prefix}-name`} label="Room" error={errors.name}>
        {(props) => (
          <input
            {...props}
            name="name"
            type="text"
            maxLength={ROOM_LIMITS.name}
            required
            defaultValue={values.name}
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
            defaultValue={values.beds}
          />
        )}
      </Field>
    </>
  );
}

/** The organiser's list of rooms: rename, change beds, remove, add one. */
export function RoomsEditor({
  rooms,
  failureFor,
}: {
  rooms: Room[];
  failureFor: (form: string) => FormFailure<RoomValues> | undefined;
}) {
  const add = failureFor("add-room");
  return (
    <>
      <ul className="trip-items">
        {rooms.map((room) => {
          const failure = failureFor(`room-${room.id}`);
          return (
            <li key={room.id} className="trip-item">
              <form method="post" className="trip-room-form" aria-label={`Room ${room.name}`}>
                <input type="hidden" name="id" value={room.id} />
                <FormAlert failure={failure} />
                <RoomFields
                  prefix={`room-${room.id}`}
                  values={failure?.values ?? { name: room.name, beds: String(room.beds) }}
                  errors={failure?.fieldErrors ?? {}}
                />
                <button
                  type="submit"
                  name="intent"
                  value="save-room"
                  className="button"
                  aria-label={`Save ${room.name}`}
                >
                  Save
                </button>
              </form>
              <p className="user-text muted">
                {room.people.length ? room.people.join(", ") : "Nobody in it."}
              </p>
              <IntentButton
                intent="remove-room"
                label="Remove"
                fields={{ id: room.id }}
                secondary
                accessibleName={`Remove ${room.name}`}
              />
            </li>
          );
        })}
      </ul>
      <h3 id="add-room-heading">Add a room</h3>
      <form method="post" className="trip-room-form" aria-labelledby="add-room-heading">
        <FormAlert failure={add} />
        <RoomFields
          prefix="add-room"
          values={add?.values ?? { name: "", beds: "2" }}
          errors={add?.fieldErrors ?? {}}
        />
        <button type="submit" name="intent" value="add-room" className="button">
          Add the room
        </button>
      </form>
    </>
  );
}

/** Everyone on the trip with their room: one small form per person, so anyone can be moved. */
export function PeoplePlacer({
  people,
  rooms,
}: {
  people: { key: string; name: string; shares: boolean | null; roomId: number | null }[];
  rooms: Room[];
}) {
  return (
    <ul className="trip-items">
      {people.map((person) => (
        <li key={person.key} className="trip-item">
          <form method="post" className="trip-room-form">
            <input type="hidden" name="person" value={person.key} />
            <Field
              id={`place-${person.key}`}
              label={`${person.name}${person.shares === false && !person.key.includes(":") ? " (won't share)" : ""}`}
            >
              {(props) => (
                <select {...props} name="roomId" defaultValue={person.roomId ?? ""}>
                  <option value="">No room</option>
                  {rooms.map((room) => (
                    <option key={room.id} value={room.id}>
                      {room.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <button
              type="submit"
              name="intent"
              value="place"
              className="button"
              aria-label={`Move ${person.name}`}
            >
              Move
            </button>
          </form>
        </li>
      ))}
    </ul>
  );
}
