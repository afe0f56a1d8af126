import { env } from "~/platform/env.server";
import {
  deadlineInputValues,
  formatDeadline,
  formatShortTime,
  isSurveyClosed,
} from "~/platform/lib/deadline";
import { SEARCH_MAX } from "~/platform/lib/limits";
import { pageParam } from "~/platform/lib/paging";
import { getSurveyDeadline } from "~/features/season/index.server";
import { listMemberSurveyStatus } from "~/features/results/index.server";
import { countHousesBySuggester } from "~/features/houses/index.server";
import { listOrganisers } from "~/features/accounts/index.server";
import { memberPage } from "~/features/organiser/lib/member-list";
import {
  checkInvitesIntent,
  getInvitePanel,
  inviteIntent,
  INVITES_READ,
  runIntent,
} from "~/features/organiser/services/organiser-event.server";
import {
  addOrganiserIntent,
  removeOrganiserIntent,
  clearDeadlineIntent,
  closeNowIntent,
  reminderIntent,
  setDeadlineIntent,
} from "~/features/organiser/services/organiser-season.server";
import { getReminderPreview, getReminderStatus } from "~/features/organiser/services/reminders.server";
import { requireOrganiserPage } from "~/features/organiser/services/organiser-tidy.server";

/*
 * /organiser/people's loader and action, here rather than in the route: the route then imports one
 * server module, and its browser bundle loads one empty stand-in for it instead of one per module
 * (each a file of its own, some 130 bytes gzipped): the page stays within the JS budget.
 */

const PEOPLE_PATH = "/organiser/people";

/** Who has answered (one page of those matching `?q=`; the counts are everyone's), the deadline, the reminder, invitations and organisers. */
export function loadPeoplePage(request: Request) {
  return requireOrganiserPage(request, (self) => peoplePage(request, self.id));
}

async function peoplePage(request: Request, selfId: number) {
  const zone = env().eventTimeZone;
  const now = new Date();
  const params = new URL(request.url).searchParams;
  const step = params.get("step") === "reminder";
  const q = (params.get("q") ?? "").slice(0, SEARCH_MAX);
  const [members, suggested, deadline, reminder, invite, preview, organisers] = await Promise.all([
    listMemberSurveyStatus(),
    countHousesBySuggester(),
    getSurveyDeadline(),
    getReminderStatus(now),
    getInvitePanel(),
    step ? getReminderPreview() : null,
    listOrganisers(),
  ]);
  // One page of those matching the search; the counts are everyone's (member-list.ts).
  const listing = memberPage(members, q, pageParam(params.get("page")));
  return {
    listing: {
      ...listing,
      q,
      rows: listing.rows.map((member) => ({
        id: member.id,
        name: member.name,
        email: member.email,
        submitted: member.submitted,
        attending: member.attending,
        submittedAt: member.submittedAt ? formatShortTime(member.submittedAt, zone) : null,
        houses: suggested[member.id] ?? 0,
        // Neither one's own account nor another organiser's may be deleted here: no link to it.
        organiser:
          member.id === selfId ||
          organisers.some(
            (entry) => entry.state === "confirmed" && entry.email === member.email.toLowerCase(),
          ),
      })),
    },
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
  };
}

/** The People page's forms: the deadline, the reminder, invitations and organisers. */
export function peopleAction(request: Request) {
  return runIntent(
    request,
    PEOPLE_PATH,
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
    INVITES_READ,
  );
}
