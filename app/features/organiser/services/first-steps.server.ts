import { eventFactsSaved, getSeasonState, getSurveyDeadline } from "~/features/season/index.server";
import { listMemberSurveyStatus } from "~/features/results/index.server";
import { firstSteps, type FirstStep } from "~/features/organiser/lib/first-steps";
import { listPendingInvitations } from "~/features/organiser/models/invitation.server";

/** The overview's first steps at `now`, read from the data (lib/first-steps), or null once under way. */
export async function getFirstSteps(now: Date): Promise<FirstStep[] | null> {
  const [members, deadline, factsSaved, pending, season] = await Promise.all([
    listMemberSurveyStatus(),
    getSurveyDeadline(),
    eventFactsSaved(),
    listPendingInvitations(),
    getSeasonState(now),
  ]);
  return firstSteps({
    factsSaved,
    // Invitations out, or someone besides the first organiser registered (invited or not).
    invited: pending.length > 0 || members.length > 1,
    deadlineSet: deadline !== null,
    submitted: members.filter((member) => member.submitted).length,
    planned: season.phase === "planned",
  });
}
