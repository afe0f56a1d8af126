import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AnnouncePanel } from "~/features/organiser/components/announce-panel";
import { ConfirmRound } from "~/features/organiser/components/confirm-round";
import { MailHistory } from "~/features/organiser/components/mail-history";
import { OrganiserFrame } from "~/features/organiser/components/organiser-frame";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import {
  announceIntent,
  getAnnouncePanel,
  getAnnouncePreview,
  getMailHistory,
  runIntent,
  requireOrganiserPage,
} from "~/features/organiser/index.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure } from "~/platform/components/submit-failure";

// With JavaScript, a refusal keeps the page where it was: the message takes the focus (PageMessage).
export const handle = HYDRATE;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Mail") }];

const PAGE = "/organiser/mail";

export const loader = ({ request }: LoaderFunctionArgs) =>
  requireOrganiserPage(request, () => mailPage(new URL(request.url).searchParams.get("step") === "announce"));

async function mailPage(step: boolean) {
  const [announce, rounds] = await Promise.all([getAnnouncePanel(new Date()), getMailHistory()]);
  const preview = step ? await getAnnouncePreview(announce) : null;
  // The page names the count; the confirmation step lists every address (a group of 200 is not a
  // 200-line list above the history, nor 200 names in every load's data).
  const { members, ...panel } = announce;
  return {
    announce: { ...panel, memberCount: members.length },
    recipients: preview ? members.map((member) => `${member.name} <${member.email}>`) : [],
    rounds,
    preview,
  };
}

// With JavaScript, a post that never arrives (or a 5xx) keeps the page and everything typed in it,
// and the message says so (submit-failure.ts); the next press sends it again.
export const clientAction = keepInputOnFailure;

export const action = ({ request }: ActionFunctionArgs) =>
  runIntent(request, PAGE, { announce: announceIntent });

const members = (count: number) => `${count} ${count === 1 ? "member" : "members"}`;

export default function Mail() {
  const { flash, announce, recipients, rounds, preview } = useLoaderData<typeof loader>();
  const failure = failureFor<FormFailure>(useActionData<typeof action>());
  if (preview && announce.next) {
    return (
      <OrganiserFrame title="Mail" flash={flash} error={failure?.error}>
        <ConfirmRound
          title={announce.next.kind === "retry" ? "Send the failed mails again?" : "Send the announcement?"}
          groups={[
            {
              label: announce.next.kind === "retry" ? "It goes again to" : "It goes to every member",
              entries: announce.next.kind === "retry" ? (announce.last?.failedTo ?? []) : recipients,
            },
          ]}
          preview={preview}
          intent="announce"
          button={`Send the announcement to ${members(announce.next.count)}`}
          cancel={PAGE}
        />
      </OrganiserFrame>
    );
  }
  return (
    <OrganiserFrame title="Mail" flash={flash} error={failure?.error}>
      <AnnouncePanel announce={announce} />
      <MailHistory rounds={rounds} />
    </OrganiserFrame>
  );
}

export { OrganiserErrorBoundary as ErrorBoundary } from "~/features/organiser/components/organiser-frame";
