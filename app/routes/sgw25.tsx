import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EventExtras } from "~/components/event-extras";
import { placeLabel } from "~/lib/house-rules";
import { getChosenHouseId } from "~/models/event-settings.server";
import { getHouse } from "~/models/house.server";
import { getAttendanceLists } from "~/models/survey.server";
import { getSurveyDeadlineStatus } from "~/services/survey-deadline.server";

export const meta: MetaFunction = () => [{ title: "SGW25 — The Event" }];

// A plain object, not json(), so the cached lists are not serialized and parsed again per request.
export async function loader() {
  const [lists, deadline, chosenId] = await Promise.all([
    getAttendanceLists(),
    getSurveyDeadlineStatus(),
    getChosenHouseId(),
  ]);
  const house = chosenId ? await getHouse(chosenId) : undefined;
  const chosenHouse = house ? `${house.title}, ${placeLabel(house, false)}` : null;
  return { ...lists, deadline, chosenHouse };
}

function NameList({ names, empty }: { names: string[]; empty: string }) {
  if (names.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul>
      {names.map((name, index) => (
        <li key={`${name}-${index}`}>{name}</li>
      ))}
    </ul>
  );
}

export default function EventPage() {
  const { coming, onTheFence, deadline, chosenHouse } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="card">
        <h1>SGW25</h1>
        <p>
          <strong>Thursday Aug 21 to Monday Aug 25.</strong> We may start a day earlier or end a day later —
          the survey will tell.
        </p>
        <p>We expect at least 8 people, possibly 12.</p>
        <EventExtras deadline={deadline} chosenHouse={chosenHouse} />
        <h2>Other notes</h2>
        <ul>
          <li>We split the house and groceries evenly; kids stay free.</li>
          <li>Bring a swimsuit, a sleeping bag just in case, and your favourite game.</li>
          <li>Suggest and vote on houses once you are logged in.</li>
        </ul>
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
