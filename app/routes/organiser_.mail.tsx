import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AnnouncePanel } from "~/features/organiser/components/announce-panel";
import { OrganiserFrame } from "~/features/organiser/components/organiser-frame";
import { readFlash } from "~/platform/services/flash.server";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { requireOrganiser } from "~/features/accounts/services/organiser.server";
import {
  announceIntent,
  getAnnouncePanel,
  runIntent,
} from "~/features/organiser/services/organiser-event.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Mail") }];

const PAGE = "/organiser/mail";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOrganiser(request);
  const [announce, { flash, setCookie }] = await Promise.all([
    getAnnouncePanel(new Date()),
    readFlash(request),
  ]);
  return data(
    { flash: flash?.message ?? null, announce },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const organiser = await requireOrganiser(request);
  return runIntent(request, PAGE, { announce: announceIntent }, organiser.id);
}

export default function Mail() {
  const { flash, announce } = useLoaderData<typeof loader>();
  const failure = failureFor<FormFailure>(useActionData<typeof action>());
  return (
    <OrganiserFrame title="Mail" flash={flash} error={failure?.error}>
      <AnnouncePanel announce={announce} />
    </OrganiserFrame>
  );
}

export { OrganiserErrorBoundary as ErrorBoundary } from "~/features/organiser/components/organiser-frame";
