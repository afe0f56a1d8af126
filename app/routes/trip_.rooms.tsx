import { FormAnswer } from "~/platform/components/form-answer";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { pageTitle } from "~/platform/lib/page-title";
import { keepInputOnFailure } from "~/platform/components/submit-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { withFlash } from "~/platform/services/flash.server";
import { IntentButton } from "~/features/trip/components/form-bits";
import { PeoplePlacer, RoomsEditor } from "~/features/trip/components/rooms-editor";
import { ROOM_INTENTS, getRoomsPage, requireTripMember, runIntent } from "~/features/trip/index.server";

export { headers, links } from "~/features/trip/components/private-page";
// Hydrated so that a post lost on the way keeps what was typed (docs/decisions/026-one-form-answer.md).
export const handle = HYDRATE;
export const clientAction = keepInputOnFailure;
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Rooms") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const trip = await requireTripMember(request, { organiser: true });
  return withFlash(request, getRoomsPage(trip));
}

export async function action({ request }: ActionFunctionArgs) {
  const trip = await requireTripMember(request, { organiser: true });
  return runIntent(trip, request, ROOM_INTENTS, "/trip/rooms");
}

export default function TripRooms() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormFailure | undefined;
  const failure = <V,>(form: string) => failureFor<FormFailure<V>>(result, form);
  return (
    <div className="trip">
      <section className="card" aria-labelledby="rooms-heading">
        <h1 id="rooms-heading">Rooms for {page.shortName}</h1>
        <FormAnswer note={page.flash} failure={failure("rooms") ?? failure("page")} />
        <p>
          <Link to="/trip">Back to the trip page</Link>
        </p>
        {page.rooms.length === 0 ? (
          page.house ? (
            <>
              <p className="user-text">
                {page.house.title} has {page.house.bedrooms} bedrooms and {page.house.beds} beds. Start from
                that list, then name the rooms and set their beds.
              </p>
              <IntentButton
                answersAt="rooms"
                intent="generate"
                label={`Start from ${page.house.bedrooms} bedrooms`}
              />
            </>
          ) : (
            <p>No house is chosen yet: add the rooms by hand below.</p>
          )
        ) : null}
        <RoomsEditor rooms={page.rooms} failureFor={(form) => failure(form)} />
      </section>
      <section className="card" aria-labelledby="plan-heading">
        <h2 id="plan-heading">Who sleeps where</h2>
        <FormAnswer failure={failure("suggest")} />
        {page.warnings.length ? (
          <div role="region" aria-label="Warnings">
            <p>
              <strong>Warnings</strong>
            </p>
            <ul className="trip-warnings">
              {page.warnings.map((warning) => (
                <li key={warning} className="user-text">
                  {warning}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p>No warnings: everyone has a bed and every answer is kept.</p>
        )}
        {/* A div: a form inside a <p> closes it, and the page would not hydrate as rendered. */}
        <div className="trip-actions">
          {page.planEmpty ? (
            <IntentButton intent="suggest" label="Suggest rooms" />
          ) : (
            <IntentButton answersAt="suggest" intent="clear" label="Clear the plan" secondary />
          )}
        </div>
        {page.rooms.length ? (
          <PeoplePlacer
            people={page.people}
            rooms={page.rooms}
            failure={failure<{ person: string; roomId: string }>("place")}
          />
        ) : (
          <p className="muted">Add rooms first.</p>
        )}
      </section>
    </div>
  );
}
