import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EventPanel } from "~/features/organiser/components/event-panel";
import { OrganiserFrame } from "~/features/organiser/components/organiser-frame";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import {
  getEventFacts,
  runIntent,
  saveEventIntent,
  getPageTextsForm,
  previewTextsIntent,
  saveTextsIntent,
  TEXTS_READ,
  requireOrganiserPage,
} from "~/features/organiser/index.server";
import { TextsPanel } from "~/features/organiser/components/texts-panel";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure } from "~/platform/components/submit-failure";

// With JavaScript, a refusal keeps the page where it was: the message takes the focus (PageMessage).
export const handle = HYDRATE;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Event") }];

const PAGE = "/organiser/event";

export const loader = ({ request }: LoaderFunctionArgs) =>
  requireOrganiserPage(request, async () => {
    const [event, texts] = await Promise.all([getEventFacts(), getPageTextsForm()]);
    return { event, texts };
  });

// With JavaScript, a post that never arrives (or a 5xx) keeps the page and everything typed in it,
// and the message says so (submit-failure.ts); the next press sends it again.
export const clientAction = keepInputOnFailure;

export const action = ({ request }: ActionFunctionArgs) =>
  runIntent(
    request,
    PAGE,
    {
      "save-event": saveEventIntent,
      "save-texts": saveTextsIntent,
      "preview-texts": previewTextsIntent,
    },
    TEXTS_READ,
  );

export default function Event() {
  const { flash, event, texts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = failureFor<FormFailure>(answer);
  const preview = answer && "preview" in answer ? answer : undefined;
  return (
    <OrganiserFrame title="Event" flash={flash} error={failure?.error}>
      <EventPanel event={event} failure={failure?.form === "texts" ? undefined : failure} />
      <TextsPanel
        texts={texts.values}
        custom={texts.custom}
        failure={failure?.form === "texts" ? failure : undefined}
        preview={preview}
      />
    </OrganiserFrame>
  );
}

export { OrganiserErrorBoundary as ErrorBoundary } from "~/features/organiser/components/organiser-frame";
