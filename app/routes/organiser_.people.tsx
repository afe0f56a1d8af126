import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DeadlinePanel } from "~/features/organiser/components/deadline-panel";
import { InvitePanel } from "~/features/organiser/components/invite-panel";
import { OrganiserFrame } from "~/features/organiser/components/organiser-frame";
import { ReminderPanel } from "~/features/organiser/components/reminder-panel";
import { SurveyStatus } from "~/features/organiser/components/survey-status";
import { env } from "~/platform/env.server";
import {
  deadlineInputValues,
  formatDeadline,
  formatShortTime,
  isSurveyClosed,
} from "~/platform/lib/deadline";
import { getSurveyDeadline, listMemberSurveyStatus } from "~/features/event/server";
import { countHousesBySuggester } from "~/features/houses/server";
import { readFlash } from "~/platform/services/flash.server";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { listOrganisers, requireOrganiser } from "~/features/accounts/services/organiser.server";
import { OrganisersPanel } from "~/features/organiser/components/organisers-panel";
import {
  checkInvitesIntent,
  getInvitePanel,
  inviteIntent,
  runIntent,
} from "~/features/organiser/services/organiser-event.server";
import { ConfirmRound } from "~/features/organiser/components/confirm-round";
import { reminderCount } from "~/features/organiser/components/reminder-panel";
import {
  addOrganiserIntent,
  removeOrganiserIntent,
  clearDeadlineIntent,
  closeNowIntent,
  reminderIntent,
  setDeadlineIntent,
} from "~/features/organiser/services/organiser-season.server";
import { getReminderPreview, getReminderStatus } from "~/features/organiser/services/reminders.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure } from "~/platform/components/submit-failure";

// With JavaScript, a refusal keeps the page where it was: the message takes the focus (PageMessage).
export const handle = HYDRATE;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "People") }];

const PAGE = "/organiser/people";

export async function loader({ request }: LoaderFunctionArgs) {
  const self = await requireOrganiser(request);
  const zone = env().eventTimeZone;
  const now = new Date();
  const step = new URL(request.url).searchParams.get("step") === "reminder";
  const [members, suggested, deadline, reminder, invite, preview, organisers, { flash, setCookie }] =
    await Promise.all([
      listMemberSurveyStatus(),
      countHousesBySuggester(),
      getSurveyDeadline(),
      getReminderStatus(now),
      getInvitePanel(),
      step ? getReminderPreview() : null,
      listOrganisers(),
      readFlash(request),
    ]);
  return data(
    {
      flash: flash?.message ?? null,
      members: members.map((member) => ({
        ...member,
        submittedAt: member.submittedAt ? formatShortTime(member.submittedAt, zone) : null,
        houses: suggested[member.id] ?? 0,
        // Neither one's own account nor another organiser's may be deleted here: no link to it.
        organiser:
          member.id === self.id ||
          organisers.some(
            (entry) => entry.state === "confirmed" && entry.email === member.email.toLowerCase(),
          ),
      })),
      organisers,
      deadline: {
        zone,
        text: deadline ? formatDeadline(deadline, zone) : null,
        closed: isSurveyClosed(deadline, now),
        ...(deadline ? deadlineInputValues(deadline, zone) : { date: "", time: "" }),
      },
      reminder,
      invite,
      reminderStep: step && reminder.canSend ? preview : null,
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

// With JavaScript, a post that never arrives (or a 5xx) keeps the page and everything typed in it,
// and the message says so (submit-failure.ts); the next press sends it again.
export const clientAction = keepInputOnFailure;

export async function action({ request }: ActionFunctionArgs) {
  const organiser = await requireOrganiser(request);
  return runIntent(
    request,
    PAGE,
    {
      "set-deadline": setDeadlineIntent,
      "close-now": closeNowIntent,
      "clear-deadline": clearDeadlineIntent,
      "send-reminder": reminderIntent,
      "retry-reminder": reminderIntent,
      "check-invites": checkInvitesIntent,
      invite: inviteIntent,
      "add-organiser": addOrganiserIntent,
      "remove-organiser": removeOrganiserIntent,
    },
    organiser.id,
  );
}

export default function People() {
  const { flash, members, deadline, reminder, invite, reminderStep, organisers } =
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
      <SurveyStatus members={members} />
      <DeadlinePanel deadline={deadline} failure={failureFor<FormFailure>(failure, "deadline")} />
      <ReminderPanel reminder={reminder} />
      <InvitePanel invite={invite} typed={failure?.values?.addresses} />
      <OrganisersPanel organisers={organisers} typed={failure?.values?.email} />
    </OrganiserFrame>
  );
}

export { OrganiserErrorBoundary as ErrorBoundary } from "~/features/organiser/components/organiser-frame";
