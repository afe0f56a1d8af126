import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EventDecision } from "~/features/results/components/event-decision";
import { EventExtras } from "~/features/season/components/event-extras";
import { getEventPageFacts } from "~/features/results/index.server";
import { getSurveyDeadlineStatus } from "~/features/survey/index.server";
import { currentEditionName } from "~/features/season/index.server";
import { PlainText } from "~/platform/components/plain-text";
import { pageText } from "~/features/organiser/index.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.event.shortName ?? "SGW25"} — The Event` },
];

// A plain object, not json(), so the cached lists are not serialized and parsed again per request.
export async function loader() {
  const [{ event, decision, location, lists }, deadline] = await Promise.all([
    getEventPageFacts(),
    getSurveyDeadlineStatus(),
  ]);
  const notes = await pageText("eventNotes", { ...(await currentEditionName()), hasPastEditions: false });
  // The decision names the house itself, with its listing; the plain "Where" line is for no decision.
  return { ...lists, deadline, event, decision, chosenHouse: decision.when ? null : location, notes };
}

function NameList({ names, empty }: { names: string[]; empty: string }) {
  if (names.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul>
      {names.map((name, index) => (
        <li key={`${name}-${index}`} className="user-text">
          {name}
        </li>
      ))}
    </ul>
  );
}

export default function EventPage() {
  const { coming, onTheFence, deadline, chosenHouse, event, decision, notes } =
    useLoaderData<typeof loader>();
  return (
    <>
      <section className="card">
        <h1>{event.shortName}</h1>
        <p>
          <strong>{event.weekend}.</strong> {event.said}
        </p>
        <p>
          We expect at least {event.expectedMin} people, possibly {event.expectedMax}.
        </p>
        {decision.when ? <EventDecision decision={decision} /> : null}
        <EventExtras deadline={deadline} chosenHouse={chosenHouse} shortName={event.shortName} />
        <h2>Other notes</h2>
        <PlainText text={notes} />
        <p>
          <Link to="/results">See the survey results</Link>
        </p>
      </section>
      <section className="lists">
        <div className="card">
          <h2>Definitely coming</h2>
          <NameList names={coming} empty="Nobody has said yes yet." />
        </div>
        <div className="card">
          <h2>On the fence</h2>
          <NameList names={onTheFence} empty="Nobody is on the fence." />
        </div>
      </section>
    </>
  );
}
