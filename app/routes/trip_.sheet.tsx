import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Fragment, type Key, type ReactNode } from "react";
import { pageTitle } from "~/platform/lib/page-title";
import { requireTripMember, getTripPage, publicOrigin } from "~/features/trip/index.server";

export { headers, links } from "~/features/trip/components/private-page";
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Trip sheet") }];

/** Everything a person needs at the house on one page that prints (no script needed). */
export async function loader({ request }: LoaderFunctionArgs) {
  const trip = await requireTripMember(request);
  const page = await getTripPage(trip, publicOrigin(request));
  if (!page.open) throw new Response("Not found", { status: 404 });
  return page;
}

export default function TripSheet() {
  const page = useLoaderData<typeof loader>();
  const notes = page.notes.filter((note) => note.value);
  return (
    <article className="trip trip-sheet" aria-labelledby="sheet-heading">
      <p className="no-print">
        <Link to="/trip">Back to the trip page</Link> · Print this page or save it as a PDF from your browser.
      </p>
      <h1 id="sheet-heading">{page.facts.shortName} trip sheet</h1>
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
