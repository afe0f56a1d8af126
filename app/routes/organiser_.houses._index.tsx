import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { HouseTable } from "~/features/organiser/components/house-table";
import { OrganiserFrame } from "~/features/organiser/components/organiser-frame";
import { getChosenHouseId, getEventPlan } from "~/features/event/server";
import { getVoteCounts, listHouses } from "~/features/houses/server";
import { readFlash } from "~/platform/services/flash.server";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { requireOrganiser } from "~/features/accounts/services/organiser.server";
import { runIntent } from "~/features/organiser/services/organiser-event.server";
import { houseIntent } from "~/features/organiser/services/organiser-season.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure } from "~/platform/components/submit-failure";

// With JavaScript, a refusal keeps the page where it was: the message takes the focus (PageMessage).
export const handle = HYDRATE;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Houses") }];

const HOUSES_PAGE = "/organiser/houses";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOrganiser(request);
  const [houses, counts, chosenId, { event }, { flash, setCookie }] = await Promise.all([
    listHouses(),
    getVoteCounts(),
    getChosenHouseId(),
    getEventPlan(),
    readFlash(request),
  ]);
  return data(
    {
      flash: flash?.message ?? null,
      houses,
      counts,
      chosenId,
      expected: { expectedMin: event.expectedMin, expectedMax: event.expectedMax },
      shortName: event.shortName,
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

// With JavaScript, a post that never arrives (or a 5xx) keeps the page and everything typed in it,
// and the message says so (submit-failure.ts); the next press sends it again.
export const clientAction = keepInputOnFailure;

export async function action({ request }: ActionFunctionArgs) {
  const organiser = await requireOrganiser(request);
  const handlers = Object.fromEntries(
    ["choose", "unchoose", "in-play", "out-of-play", "previous", "not-previous"].map((intent) => [
      intent,
      houseIntent,
    ]),
  );
  return runIntent(request, HOUSES_PAGE, handlers, organiser.id);
}

export default function OrganiserHouses() {
  const { flash, houses, counts, chosenId, expected, shortName } = useLoaderData<typeof loader>();
  const failure = failureFor<FormFailure>(useActionData<typeof action>());
  return (
    <OrganiserFrame title="Houses" flash={flash} error={failure?.error}>
      <HouseTable
        houses={houses}
        counts={counts}
        chosenId={chosenId}
        expected={expected}
        shortName={shortName}
      />
    </OrganiserFrame>
  );
}

export { OrganiserErrorBoundary as ErrorBoundary } from "~/features/organiser/components/organiser-frame";
