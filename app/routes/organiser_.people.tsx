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
import { requireOrganiser } from "~/features/accounts/services/organiser.server";
import {
  getInvitePanel,
  inviteIntent,
  runIntent,
} from "~/features/organiser/services/organiser-event.server";
import {
  clearDeadlineIntent,
  closeNowIntent,
  reminderIntent,
  setDeadlineIntent,
} from "~/features/organiser/services/organiser-season.server";
import { getReminderStatus } from "~/features/organiser/services/reminders.server";
import styles from "~/styles/features.css";
import { pageTitle } from "~/platform/lib/page-title";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "People") }];

const PAGE = "/organiser/people";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOrganiser(request);
  const zone = env().eventTimeZone;
  const now = new Date();
  const [members, suggested, deadline, reminder, invite, { flash, setCookie }] = await Promise.all([
    listMemberSurveyStatus(),
    countHousesBySuggester(),
    getSurveyDeadline(),
    getReminderStatus(now),
    getInvitePanel(),
    readFlash(request),
  ]);
  return data(
    {
      flash: flash?.message ?? null,
      members: members.map((member) => ({
        ...member,
        submittedAt: member.submittedAt ? formatShortTime(member.submittedAt, zone) : null,
        houses: suggested[member.id] ?? 0,
      })),
      deadline: {
        zone,
        text: deadline ? formatDeadline(deadline, zone) : null,
        closed: isSurveyClosed(deadline, now),
        ...(deadline ? deadlineInputValues(deadline, zone) : { date: "", time: "" }),
      },
      reminder,
      invite,
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

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
      invite: inviteIntent,
    },
    organiser.id,
  );
}

export default function People() {
  const { flash, members, deadline, reminder, invite } = useLoaderData<typeof loader>();
  const failure = failureFor<FormFailure>(useActionData<typeof action>());
  return (
    <OrganiserFrame title="People" flash={flash} error={failure?.error}>
      <SurveyStatus members={members} />
      <DeadlinePanel deadline={deadline} failure={failureFor<FormFailure>(failure, "deadline")} />
      <ReminderPanel reminder={reminder} />
      <InvitePanel invite={invite} typed={failure?.values?.addresses} />
    </OrganiserFrame>
  );
}

export { OrganiserErrorBoundary as ErrorBoundary } from "~/features/organiser/components/organiser-frame";
