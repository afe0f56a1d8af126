/** Who sleeps where, names only: the member's own room first, then the whole plan. */
export function RoomsView({
  rooms,
  myRoom,
}: {
  rooms: { id: number; name: string; beds: number; people: string[] }[];
  myRoom: { name: string; with: string[] } | null;
}) {
  return (
    <>
      <p className="user-text">
        {myRoom ? (
          <>
            <strong>Your room: {myRoom.name}</strong>
            {myRoom.with.length ? `, with ${myRoom.with.join(", ")}.` : "."}
          </>
        ) : (
          "Your room is not decided yet."
        )}
      </p>
      {rooms.length ? (
        <ul className="trip-rooms">
          {rooms.map((room) => (
            <li key={room.id} className="user-text">
              <strong>{room.name}</strong> ({room.beds} {room.beds === 1 ? "bed" : "beds"}):{" "}
              {room.people.length ? room.people.join(", ") : "nobody yet"}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No rooms yet.</p>
      )}
    </>
  );
}
