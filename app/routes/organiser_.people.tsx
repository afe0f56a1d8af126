import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DeadlinePanel } from "~/features/organiser/components/deadline-panel";
import { InvitePanel } from "~/features/organiser/components/invite-panel";
import { OrganiserFrame } from "~/features/organiser/components/organiser-frame";
import { ReminderPanel } from "~/features/organiser/components/reminder-panel";
import { SurveyStatus } from "~/features/organiser/components/survey-status";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { OrganisersPanel } from "~/features/organiser/components/organisers-panel";
import { ConfirmRound } from "~/features/organiser/components/confirm-round";
import { reminderCount } from "~/features/organiser/components/reminder-panel";
import { loadPeoplePage, peopleAction } from "~/features/organiser/index.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure } from "~/platform/components/submit-failure";

// With JavaScript, a refusal keeps the page where it was: the message takes the focus (PageMessage).
export const handle = HYDRATE;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "People") }];

const PAGE = "/organiser/people";

export const loader = ({ request }: LoaderFunctionArgs) => loadPeoplePage(request);

// With JavaScript, a post that never arrives (or a 5xx) keeps the page and everything typed in it,
// and the message says so (submit-failure.ts); the next press sends it again.
export const clientAction = keepInputOnFailure;

export const action = ({ request }: ActionFunctionArgs) => peopleAction(request);

export default function People() {
  const { flash, listing, deadline, reminder, invite, reminderStep, organisers } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = failureFor<FormFailure>(answer);
  if (answer && "step" in answer) {
    const count = answer.fresh.length + answer.again.length;
    return (
      <OrganiserFrame title="People" flash={flash}>
        <ConfirmRound
          title={count ? "Send the invitations?" : "Nobody to invite"}
          groups={[
            { label: "New", entries: answer.fresh },
            { label: "Invited before: they get the invitation again", entries: answer.again },
            { label: "Already registered: not invited", entries: answer.registered },
            { label: "Not an e-mail address: not invited", entries: answer.invalid },
          ]}
          preview={answer.preview}
          intent="invite"
          button={`Send ${count} ${count === 1 ? "invitation" : "invitations"}`}
          cancel={PAGE}
          hidden={{ addresses: answer.addresses }}
        />
      </OrganiserFrame>
    );
  }
  if (reminderStep) {
    return (
      <OrganiserFrame title="People" flash={flash} error={failure?.error}>
        <ConfirmRound
          title="Send the reminder?"
          groups={[
            {
              label: "Members without a submitted survey",
              entries: reminder.recipients
                .filter((entry) => !entry.invited)
                .map((entry) => `${entry.name} <${entry.email}>`),
            },
            {
              label: "Invited, not registered: their mail links to the register form",
              entries: reminder.recipients.filter((entry) => entry.invited).map((entry) => entry.email),
            },
          ]}
          preview={reminderStep}
          intent="send-reminder"
          button={`Send the reminder to ${reminderCount(reminder.recipients)}`}
          cancel={PAGE}
        />
      </OrganiserFrame>
    );
  }
  return (
    <OrganiserFrame title="People" flash={flash} error={failure?.error}>
      <SurveyStatus listing={listing} />
      <DeadlinePanel deadline={deadline} failure={failureFor<FormFailure>(failure, "deadline")} />
      <ReminderPanel reminder={reminder} />
      <InvitePanel invite={invite} typed={failure?.values?.addresses} />
      <OrganisersPanel organisers={organisers} typed={failure?.values?.email} />
    </OrganiserFrame>
  );
}

export { OrganiserErrorBoundary as ErrorBoundary } from "~/features/organiser/components/organiser-frame";
