import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { pageTitle } from "~/platform/lib/page-title";
import { requireTripMember, getTripPage, publicOrigin } from "~/features/trip/index.server";
import styles from "~/styles/trip.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Trip sheet") }];
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

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
        {page.rooms.length ? (
          <ul className="trip-rooms">
            {page.rooms.map((room) => (
              <li key={room.id} className="user-text">
                <strong>{room.name}</strong> ({room.beds}): {room.people.join(", ") || "nobody"}
              </li>
            ))}
          </ul>
        ) : (
          <p>No rooms yet.</p>
        )}
      </section>
      <section aria-labelledby="sheet-arrivals">
        <h2 id="sheet-arrivals">Arrivals and departures</h2>
        {page.arrivals.length ? (
          <ul className="trip-list">
            {page.arrivals.map((row) => (
              <li key={row.name} className="user-text">
                <strong>{row.name}</strong>: arrives {row.arrives}, leaves {row.leaves} ({row.how})
              </li>
            ))}
          </ul>
        ) : (
          <p>Nobody has given times yet.</p>
        )}
        {page.drivers.map((driver) => (
          <p key={driver.userId} className="user-text">
            {driver.name} drives{driver.riders.length ? ` with ${driver.riders.join(", ")}` : ""}.
          </p>
        ))}
      </section>
      <section aria-labelledby="sheet-items">
        <h2 id="sheet-items">Who brings what</h2>
        {page.items.length ? (
          <ul className="trip-list">
            {page.items.map((item) => (
              <li key={item.id} className="user-text">
                {item.done ? "☑" : "☐"} <strong>{item.title}</strong>: {item.claimedBy ?? "nobody yet"}
                {item.notes ? ` (${item.notes})` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p>The list is empty.</p>
        )}
      </section>
    </article>
  );
}
