import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EventPanel } from "~/features/organiser/components/event-panel";
import { OrganiserFrame } from "~/features/organiser/components/organiser-frame";
import { readFlash } from "~/platform/services/flash.server";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { requireOrganiser } from "~/features/accounts/services/organiser.server";
import {
  getEventFacts,
  runIntent,
  saveEventIntent,
} from "~/features/organiser/services/organiser-event.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";
import { HYDRATE } from "~/platform/lib/hydration";

// With JavaScript, a refusal keeps the page where it was: the message takes the focus (PageMessage).
export const handle = HYDRATE;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Event") }];

const PAGE = "/organiser/event";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOrganiser(request);
  const [event, { flash, setCookie }] = await Promise.all([getEventFacts(), readFlash(request)]);
  return data(
    { flash: flash?.message ?? null, event },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const organiser = await requireOrganiser(request);
  return runIntent(request, PAGE, { "save-event": saveEventIntent }, organiser.id);
}

export default function Event() {
  const { flash, event } = useLoaderData<typeof loader>();
  const failure = failureFor<FormFailure>(useActionData<typeof action>());
  return (
    <OrganiserFrame title="Event" flash={flash} error={failure?.error}>
      <EventPanel event={event} failure={failure} />
    </OrganiserFrame>
  );
}

export { OrganiserErrorBoundary as ErrorBoundary } from "~/features/organiser/components/organiser-frame";
