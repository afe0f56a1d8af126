import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DecisionPanel } from "~/features/organiser/components/decision-panel";
import { HouseChoicePanel } from "~/features/organiser/components/house-choice";
import { OrganiserFrame } from "~/features/organiser/components/organiser-frame";
import { placeLabel } from "~/features/houses/lib/house-rules";
import { getChosenHouseId } from "~/features/season/index.server";
import { getVoteCounts, listHouses } from "~/features/houses/index.server";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import {
  chooseWeekendIntent,
  clearWeekendIntent,
  getDecision,
  runIntent,
  houseIntent,
  requireOrganiserPage,
} from "~/features/organiser/index.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure } from "~/platform/components/submit-failure";

// With JavaScript, a refusal keeps the page where it was: the message takes the focus (PageMessage).
export const handle = HYDRATE;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Decide") }];

const PAGE = "/organiser/decide";

export const loader = ({ request }: LoaderFunctionArgs) => requireOrganiserPage(request, decisionPage);

async function decisionPage() {
  const [decision, houses, counts, chosenId] = await Promise.all([
    getDecision(),
    listHouses(),
    getVoteCounts(),
    getChosenHouseId(),
  ]);
  const none = { love: 0, like: 0, dislike: 0 };
  const score = (id: number) => {
    const votes = counts[id] ?? none;
    return votes.love * 2 + votes.like - votes.dislike;
  };
  const choices = houses
    .filter((house) => house.in_play || house.id === chosenId)
    .sort((a, b) => Number(b.id === chosenId) - Number(a.id === chosenId) || score(b.id) - score(a.id))
    .map((house) => ({
      id: house.id,
      title: house.title,
      place: placeLabel(house, false),
      votes: counts[house.id] ?? none,
    }));
  return { decision, houses: choices, chosenId };
}

// With JavaScript, a post that never arrives (or a 5xx) keeps the page and everything typed in it,
// and the message says so (submit-failure.ts); the next press sends it again.
export const clientAction = keepInputOnFailure;

export const action = ({ request }: ActionFunctionArgs) =>
  runIntent(request, PAGE, {
    "choose-weekend": chooseWeekendIntent,
    "clear-weekend": clearWeekendIntent,
    choose: houseIntent,
    unchoose: houseIntent,
  });

export default function Decide() {
  const { flash, decision, houses, chosenId } = useLoaderData<typeof loader>();
  const failure = failureFor<FormFailure>(useActionData<typeof action>());
  return (
    <OrganiserFrame title="Decide" flash={flash} error={failure?.error}>
      <DecisionPanel decision={decision} />
      <HouseChoicePanel houses={houses} chosenId={chosenId} shortName={decision.shortName} />
    </OrganiserFrame>
  );
}

export { OrganiserErrorBoundary as ErrorBoundary } from "~/features/organiser/components/organiser-frame";
