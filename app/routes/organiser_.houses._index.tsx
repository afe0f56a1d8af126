import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { HouseTable } from "~/features/organiser/components/house-table";
import { OrganiserFrame } from "~/features/organiser/components/organiser-frame";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { housesAction, loadHousesPage } from "~/features/organiser/index.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure } from "~/platform/components/submit-failure";

// With JavaScript, a refusal keeps the page where it was: the message takes the focus (PageMessage).
export const handle = HYDRATE;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Houses") }];

export const loader = ({ request }: LoaderFunctionArgs) => loadHousesPage(request);

// With JavaScript, a post that never arrives (or a 5xx) keeps the page and everything typed in it,
// and the message says so (submit-failure.ts); the next press sends it again.
export const clientAction = keepInputOnFailure;

export const action = ({ request }: ActionFunctionArgs) => housesAction(request);

export default function OrganiserHouses() {
  const { flash, houses, page, pages, total, counts, chosenId, expected, shortName } =
    useLoaderData<typeof loader>();
  const failure = failureFor<FormFailure>(useActionData<typeof action>());
  return (
    <OrganiserFrame
      title="Houses"
      flash={flash}
      error={failure?.form?.startsWith("house-") ? undefined : failure?.error}
    >
      <HouseTable
        failure={failure}
        houses={houses}
        counts={counts}
        chosenId={chosenId}
        expected={expected}
        shortName={shortName}
        page={page}
        pages={pages}
        total={total}
      />
    </OrganiserFrame>
  );
}

export { OrganiserErrorBoundary as ErrorBoundary } from "~/features/organiser/components/organiser-frame";
