import { redirect } from "@remix-run/node";
import { UNKNOWN_REQUEST } from "~/platform/lib/dispatch";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { HouseCard, type CardHouse } from "~/features/houses/components/house-card";
import { firstPhotoPreload } from "~/features/houses/components/house-photo";
import { VoteIconShapes } from "~/features/houses/components/house-vote";
import { HouseVotesScript } from "~/features/houses/components/house-votes-script";
import { HouseFitNote } from "~/features/houses/components/house-fit-note";
import { PriceNote } from "~/features/houses/components/price-note";
import { OrganiserControls } from "~/features/houses/components/organiser-controls";
import { loginUrl, notRecordedMessage, notRecordedPath } from "~/platform/lib/login-url";
import {
  NO_VOTES,
  OUT_OF_PLAY_VOTE,
  splitHousesChosenFirst,
  type VoteChoice,
} from "~/features/houses/lib/house-rules";
import { houseControlPatch, organiserFormSchema, voteFormSchema } from "~/features/houses/lib/house-schema";
import {
  getHouse,
  listHouses,
  updateHouse,
  listPhotoVersions,
  castVote,
  getMemberVotes,
  getVoteCounts,
} from "~/features/houses/index.server";
import { groupOrExpected } from "~/features/houses/lib/house-fit";
import { getChosenHouseId, getEventSettings, EditionClosedError } from "~/features/season/index.server";
import { getExpectedGroup, houseChangeRefusal } from "~/features/results/index.server";
import { isOrganiser } from "~/features/accounts/index.server";
import { getUser, requireUser } from "~/platform/services/session.server";
import houseImageStyles from "~/styles/house-image.css";
import styles from "~/styles/houses.css";
import { useActionResult } from "~/platform/components/submit-failure";
import { failureFor, houseForm, type FormFailure } from "~/platform/lib/form-failure";
import { pageTitle } from "~/platform/lib/page-title";
import { anyFields, readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: houseImageStyles },
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { newHouses, oldHouses } = splitHousesChosenFirst(data?.houses ?? [], data?.chosenId ?? null);
  const first = newHouses[0] ?? oldHouses[0];
  return [
    { title: pageTitle(matches, "Houses") },
    ...firstPhotoPreload(first, first && data?.photos[first.id]),
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const lost = voteFormSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const [houses, photos, counts, votes, group, event, chosenId] = await Promise.all([
    listHouses(),
    listPhotoVersions(),
    getVoteCounts(),
    getMemberVotes(user.id),
    getExpectedGroup(),
    getEventSettings(),
    getChosenHouseId(),
  ]);
  return {
    group: groupOrExpected(group, event),
    expected: { expectedMin: event.expectedMin, expectedMax: event.expectedMax },
    houses,
    photos,
    counts,
    votes: Object.fromEntries(votes.map((row) => [row.house_id, row.vote])) as Record<number, VoteChoice>,
    organiser: await isOrganiser(user),
    chosenId,
    shortName: event.shortName,
    notRecorded: lost.success ? lost.data : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const read = await readForm(request, anyFields);
  if (!read.ok) return refuse(read.failure);
  const form = read.data;
  const user = await getUser(request);
  if (!user) {
    const vote = voteFormSchema.safeParse(form);
    // The vote was not recorded: after the login its card says so, one click from voting again.
    return redirect(loginUrl(vote.success ? notRecordedPath(vote.data) : "/houses", "vote"));
  }
  const backToCard = (id: number) => redirect(`/houses#house-${id}`);

  if (form.intent === "vote") {
    const parsed = voteFormSchema.safeParse(form);
    if (!parsed.success) return refuse({ error: parsed.error.issues[0].message });
    const { houseId, vote } = parsed.data;
    let result;
    try {
      result = await castVote({ houseId, userId: user.id, vote });
    } catch (error) {
      if (!(error instanceof EditionClosedError)) throw error;
      return refuse({ error: error.message, form: houseForm(houseId) }, { status: 409 });
    }
    if ("refused" in result) {
      const [error, status] =
        result.refused === "out of play" ? [OUT_OF_PLAY_VOTE, 409] : ["House not found", 404];
      return refuse({ error, form: houseForm(houseId) }, { status });
    }
    return backToCard(houseId);
  }

  const parsed = organiserFormSchema.safeParse(form);
  if (!parsed.success) return refuse({ error: UNKNOWN_REQUEST });
  const { houseId, intent } = parsed.data;
  if (!(await isOrganiser(user))) {
    return refuse({ error: "Only organisers can change houses", form: houseForm(houseId) }, { status: 403 });
  }
  if (intent === "out-of-play") {
    // The chosen house stays in play while /sgw25 and the calendar name it.
    const house = await getHouse(houseId);
    const refusal = house ? await houseChangeRefusal(house, { in_play: false }) : null;
    if (refusal) return refuse({ error: refusal, form: houseForm(houseId) }, { status: 409 });
  }
  const patch = houseControlPatch({ houseId, intent, year: parsed.data.year });
  if (!patch.success) return refuse({ error: patch.error.issues[0].message, form: houseForm(houseId) });
  // One statement: an unknown house simply updates no row.
  if (!(await updateHouse(houseId, patch.data))) {
    return refuse({ error: "House not found", form: houseForm(houseId) }, { status: 404 });
  }
  return backToCard(houseId);
}

function Grid({ children, empty }: { children: JSX.Element[]; empty: string }) {
  if (children.length === 0) return <p className="muted">{empty}</p>;
  return <div className="house-grid">{children}</div>;
}

export default function Houses() {
  const { houses, photos, counts, votes, organiser, group, expected, notRecorded, chosenId, shortName } =
    useLoaderData<typeof loader>();
  const actionData = useActionResult<typeof action>();
  const { newHouses, oldHouses, chosen } = splitHousesChosenFirst(houses, chosenId);
  const outOfPlay = organiser ? houses.filter((house) => !house.in_play) : [];
  const failure = failureFor<FormFailure>(actionData);
  const firstId = (newHouses[0] ?? oldHouses[0])?.id;
  const pageError = failure && !failure.form?.startsWith("house-") ? failure.error : undefined;

  const card = (house: CardHouse, grid: "new" | "previous" | "out") => (
    <HouseCard
      key={house.id}
      house={house}
      photo={photos[house.id]}
      first={grid !== "out" && house.id === firstId}
      grid={grid === "new" && house.previous_house ? "previous" : grid}
      chosenFor={house.id === chosen?.id ? shortName : undefined}
      vote={votes[house.id]}
      counts={counts[house.id] ?? NO_VOTES}
      voteError={
        failure && failure.form === houseForm(house.id)
          ? failure.error
          : notRecorded?.houseId === house.id
            ? notRecordedMessage(notRecorded.vote)
            : undefined
      }
    >
      <HouseFitNote house={house} group={group} />
      <PriceNote house={house} expected={expected} />
      {organiser ? <OrganiserControls house={house} /> : null}
    </HouseCard>
  );

  return (
    <>
      <VoteIconShapes />
      <div className="houses-header">
        <h1>Houses</h1>
        <Link to="/houses-suggest" className="button">
          Suggest a house
        </Link>
      </div>
      {chosen ? (
        <p className="alert alert-success house-chosen-note">
          <a href={`#house-${chosen.id}`} className="user-text">
            {chosen.title}
          </a>{" "}
          is the house chosen for {shortName}.
        </p>
      ) : null}
      {pageError ? (
        <p role="alert" className="alert alert-error">
          {pageError}
        </p>
      ) : null}
      <section aria-labelledby="new-houses">
        <h2 id="new-houses">In the running</h2>
        <Grid empty="No houses available yet.">{newHouses.map((house) => card(house, "new"))}</Grid>
      </section>
      <section aria-labelledby="previous-houses">
        <h2 id="previous-houses">Previous SGW Houses</h2>
        <Grid empty="No previous houses available.">{oldHouses.map((house) => card(house, "previous"))}</Grid>
      </section>
      {organiser ? (
        <section aria-labelledby="out-of-play">
          <h2 id="out-of-play">Out of play</h2>
          <Grid empty="Every house is in play.">{outOfPlay.map((house) => card(house, "out"))}</Grid>
        </section>
      ) : null}
      <HouseVotesScript />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <section className="card" role="alert">
      <h1>Houses</h1>
      <p>Failed to fetch houses</p>
      <p>
        <Link to="/houses">Try again</Link>
      </p>
    </section>
  );
}
