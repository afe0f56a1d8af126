import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { pageTitle } from "~/platform/lib/page-title";
import { requireTripMember } from "~/features/trip/services/trip-members.server";
import { getTripPage } from "~/features/trip/services/trip-page.server";
import { publicOrigin } from "~/features/trip/services/trip-route.server";

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
      <section aria-labelledby="sheet-rooms">
        <h2 id="sheet-rooms">Rooms</h2>
        <SheetList rows={page.rooms} className="trip-rooms" empty="No rooms yet.">
          {(room) => (
            <li key={room.id} className="user-text">
              <strong>{room.name}</strong> ({room.beds}): {room.people.join(", ") || "nobody"}
            </li>
          )}
        </SheetList>
      </section>
      <section aria-labelledby="sheet-arrivals">
        <h2 id="sheet-arrivals">Arrivals and departures</h2>
        <SheetList rows={page.arrivals} className="trip-list" empty="Nobody has given times yet.">
          {(row) => (
            <li key={row.name} className="user-text">
              <strong>{row.name}</strong>: arrives {row.arrives}, leaves {row.leaves} ({row.how})
            </li>
          )}
        </SheetList>
        {page.drivers.map((driver) => (
          <p key={driver.userId} className="user-text">
            {driver.name} drives{driver.riders.length ? ` with ${driver.riders.join(", ")}` : ""}.
          </p>
        ))}
      </section>
      <section aria-labelledby="sheet-items">
        <h2 id="sheet-items">Who brings what</h2>
        <SheetList rows={page.items} className="trip-list" empty="The list is empty.">
          {(item) => (
            <li key={item.id} className="user-text">
              {item.done ? "☑" : "☐"} <strong>{item.title}</strong>: {item.claimedBy ?? "nobody yet"}
              {item.notes ? ` (${item.notes})` : ""}
            </li>
          )}
        </SheetList>
      </section>
    </article>
  );
}

/** A section's list, or the line that says it is empty. */
function SheetList<T>({
  rows,
  className,
  empty,
  children,
}: {
  rows: T[];
  className: string;
  empty: string;
  children: (row: T) => ReactNode;
}) {
  return rows.length ? <ul className={className}>{rows.map(children)}</ul> : <p>{empty}</p>;
}
