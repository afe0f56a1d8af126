import { FormAnswer } from "~/platform/components/form-answer";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { pageTitle } from "~/platform/lib/page-title";
import { keepInputOnFailure } from "~/platform/components/submit-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { requireMemberPage } from "~/platform/services/session.server";
import { CalendarSection } from "~/features/trip/components/calendar-section";
import { ItemsSection } from "~/features/trip/components/items-section";
import { KeepSheetScript } from "~/features/trip/components/keep-sheet";
import { NotesSection } from "~/features/trip/components/notes-section";
import { RoomsView } from "~/features/trip/components/rooms-view";
import { TimelinePanel } from "~/features/trip/components/timeline-panel";
import { TravelSection } from "~/features/trip/components/travel-section";
import {
  TRIP_INTENTS,
  requireTripMember,
  tripViewer,
  getTripPage,
  publicOrigin,
  runIntent,
  sheetOwner,
} from "~/features/trip/index.server";

export { headers, links } from "~/features/trip/components/private-page";
// Hydrated so that a post lost on the way keeps what was typed (docs/decisions/026-one-form-answer.md).
export const handle = HYDRATE;
export const clientAction = keepInputOnFailure;
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Trip") }];

// The member's tag goes to the sheet's service worker (issue 56): a copy of someone else's sheet is dropped.
export const loader = ({ request }: LoaderFunctionArgs) =>
  requireMemberPage(request, async (user) => {
    const page = await getTripPage(await tripViewer(user), publicOrigin(request));
    return { ...page, sheetMember: page.open ? await sheetOwner(user.id) : null };
  });

export async function action({ request }: ActionFunctionArgs) {
  const trip = await requireTripMember(request);
  return runIntent(trip, request, TRIP_INTENTS, "/trip");
}

export default function Trip() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormFailure | undefined;
  const failure = (form: string) => failureFor<FormFailure<never>>(result, form);
  if (!page.open) {
    return (
      <section className="card" aria-labelledby="trip-heading">
        <h1 id="trip-heading">Trip</h1>
        <p>
          {page.decided
            ? `There is a trip page for ${page.facts.shortName}: rooms, getting there and who brings what. It is for the members on the trip: answer “yes” in the survey to join them.`
            : "The trip page opens once the weekend and the house are chosen."}
        </p>
        <p>
          <Link to="/survey" className="button">
            Go to the survey
          </Link>
        </p>
      </section>
    );
  }
  return (
    <div className="trip">
      <section className="card" aria-labelledby="trip-heading">
        <h1 id="trip-heading">{page.facts.shortName} trip</h1>
        <FormAnswer note={page.flash} failure={failure("page")} />
        <dl className="event-decision">
          <dt>When</dt>
          <dd>{page.facts.when}</dd>
          <dt>Where</dt>
          <dd className="user-text">{page.facts.where ?? "The house is not chosen yet."}</dd>
        </dl>
        <p>
          {/* A whole page load, never Remix's: the sheet's own worker keeps it for the phone (issue 56). */}
          <Link to="/trip/sheet" reloadDocument>
            Trip sheet to print or keep
          </Link>
          {page.organiser ? (
            <>
              {" · "}
              <Link to="/trip/rooms">Set the rooms</Link>
            </>
          ) : null}
        </p>
      </section>
      <section className="card" id="rooms" aria-labelledby="rooms-heading">
        <h2 id="rooms-heading">Rooms</h2>
        <RoomsView rooms={page.rooms} myRoom={page.myRoom} />
        {page.organiser && page.warnings.length ? (
          <p className="muted">
            {page.warnings.length} {page.warnings.length === 1 ? "warning" : "warnings"} on{" "}
            <Link to="/trip/rooms">the rooms page</Link>.
          </p>
        ) : null}
      </section>
      <section className="card" id="getting-there" aria-labelledby="getting-there-heading">
        <h2 id="getting-there-heading">Getting there</h2>
        <TravelSection page={page} failure={failure("travel")} ridesFailure={failure("rides")} />
      </section>
      <section className="card" id="items" aria-labelledby="items-heading">
        <h2 id="items-heading">Who brings what</h2>
        <ItemsSection
          items={page.items}
          organiser={page.organiser}
          previousItems={page.previousItems}
          failure={failure("items")}
          addFailure={failure("add-item")}
          itemFailure={(id) => failure(`item-${id}`)}
        />
      </section>
      <section className="card" id="notes" aria-labelledby="notes-heading">
        <h2 id="notes-heading">Practical notes</h2>
        <NotesSection notes={page.notes} organiser={page.organiser} failure={failure("notes")} />
      </section>
      <section className="card" id="on-this-phone" aria-labelledby="phone-heading">
        <h2 id="phone-heading">On this phone</h2>
        <p>
          Open the <a href="/trip/sheet">trip sheet</a> once while you have signal: this phone keeps a copy
          until you sign out, for the house with no connection. Without JavaScript,{" "}
          <a href="/trip/sheet.html" download>
            save the sheet to this phone
          </a>{" "}
          as one file instead.
        </p>
        <p>
          On an iPhone, put the planner on the home screen: in Safari tap Share, then “Add to Home Screen”.
          Safari deletes a site’s kept pages after 7 days without a visit, unless it is on the home screen.
        </p>
        {page.sheetMember ? <KeepSheetScript member={page.sheetMember} /> : null}
      </section>
      <section className="card" id="calendar" aria-labelledby="calendar-heading">
        <h2 id="calendar-heading">Your calendar</h2>
        <CalendarSection feed={page.feed} />
      </section>
      {page.timeline ? (
        <section className="card" id="mails" aria-labelledby="mails-heading">
          <h2 id="mails-heading">Trip mails</h2>
          <FormAnswer failure={failure("mails")} />
          <TimelinePanel timeline={page.timeline} />
        </section>
      ) : null}
    </div>
  );
}
