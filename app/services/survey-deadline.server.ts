import { env } from "~/env.server";
import { formatDeadline, isSurveyClosed, surveyClosedMessage } from "~/lib/deadline";
import { getSurveyDeadline } from "~/models/event-settings.server";

/** The survey's deadline as pages show it: null when none is set. */
export type SurveyDeadline = { text: string; closed: boolean; message: string | null } | null;

export async function getSurveyDeadlineStatus(now = new Date()): Promise<SurveyDeadline> {
  const deadline = await getSurveyDeadline();
  if (!deadline) return null;
  const zone = env().eventTimeZone;
  const closed = isSurveyClosed(deadline, now);
  return {
    text: formatDeadline(deadline, zone),
    closed,
    message: closed ? surveyClosedMessage(deadline, zone) : null,
  };
}

/**
 * "The survey closed on …" once the deadline has passed, else null. Every write to a survey (page
 * section posts and POST /api/survey) asks this first and changes nothing when it answers.
 */
export async function surveyClosedReason(now = new Date()): Promise<string | null> {
  return (await getSurveyDeadlineStatus(now))?.message ?? null;
}
