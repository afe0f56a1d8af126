import { Fragment, type Key, type ReactNode } from "react";

/** What the trip sheet shows: the trip page's shared parts. */
export type SheetData = {
  facts: { shortName: string; when: string; where: string | null };
  notes: { name: string; label: string; value: string }[];
  rooms: { id: number; name: string; beds: number; people: string[] }[];
  arrivals: { name: string; arrives: string; leaves: string; how: string }[];
  drivers: { userId: number; name: string; riders: string[] }[];
  items: { id: number; title: string; done: boolean; claimedBy: string | null; notes: string | null }[];
};

/**
 * Everything a person needs at the house, on one page that prints: the page at /trip/sheet and the
 * file "Save the sheet to this phone" sends (issue 56). `saved` says when it was rendered; a copy the
 * phone's service worker shows offline is marked `data-sheet="copy"` and adds "shown without connection".
 */
export function SheetView({ page, saved, top }: { page: SheetData; saved: string; top?: ReactNode }) {
  const notes = page.notes.filter((note) => note.value);
  return (
    <article className="trip trip-sheet" aria-labelledby="sheet-heading" data-sheet="live">
      {top}
      <h1 id="sheet-heading">{page.facts.shortName} trip sheet</h1>
      <p className="sheet-saved">
        {saved}
        <span className="sheet-offline"> — shown without connection</span>
      </p>
      <dl className="trip-facts">
        <dt>When</dt>
        <dd>{page.facts.when}</dd>
        <dt>Where</dt>
        <dd className="user-text">{page.facts.where ?? "The house is not chosen yet."}</dd>
        {notes.map((note) => (
          <Fragment key={note.name}>
            <dt>{note.label}</dt>
            <dd className="user-text">{note.value}</dd>
          </Fragment>
        ))}
      </dl>
      <SheetSection
        id="sheet-rooms"
        title="Rooms"
        rows={page.rooms}
        className="trip-rooms"
        empty="No rooms yet."
        row={(room) => [
          room.id,
          <>
            <strong>{room.name}</strong> ({room.beds}): {room.people.join(", ") || "nobody"}
          </>,
        ]}
      />
      <SheetSection
        id="sheet-arrivals"
        title="Arrivals and departures"
        rows={page.arrivals}
        className="trip-list"
        empty="Nobody has given times yet."
        row={(arrival) => [
          arrival.name,
          <>
            <strong>{arrival.name}</strong>: arrives {arrival.arrives}, leaves {arrival.leaves} ({arrival.how}
            )
          </>,
        ]}
      >
        {page.drivers.map((driver) => (
          <p key={driver.userId} className="user-text">
            {driver.name} drives{driver.riders.length ? ` with ${driver.riders.join(", ")}` : ""}.
          </p>
        ))}
      </SheetSection>
      <SheetSection
        id="sheet-items"
        title="Who brings what"
        rows={page.items}
        className="trip-list"
        empty="The list is empty."
        row={(item) => [
          item.id,
          <>
            {item.done ? "☑" : "☐"} <strong>{item.title}</strong>: {item.claimedBy ?? "nobody yet"}
            {item.notes ? ` (${item.notes})` : ""}
          </>,
        ]}
      />
    </article>
  );
}

/** A part of the sheet: its heading, then its rows (the members' own text) or the line that says there are none. */
function SheetSection<T>({
  id,
  title,
  rows,
  className,
  empty,
  row,
  children,
}: {
  id: string;
  title: string;
  rows: T[];
  className: string;
  empty: string;
  /** A row's key and what it says. */
  row: (row: T) => [Key, ReactNode];
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length ? (
        <ul className={className}>
          {rows.map(row).map(([key, text]) => (
            <li key={key} className="user-text">
              {text}
            </li>
          ))}
        </ul>
      ) : (
        <p>{empty}</p>
      )}
      {children}
    </section>
  );
}
