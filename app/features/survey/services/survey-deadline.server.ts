import { env } from "~/platform/env.server";
import {
  deadlineFromInput,
  deadlineRefusal,
  formatDeadline,
  isSurveyClosed,
  surveyClosedMessage,
} from "~/platform/lib/deadline";
import { weekendDays, weekendLong } from "~/features/season/lib/event-settings";
import { getEventSettings, getSurveyDeadline, setSurveyDeadline } from "~/features/season/index.server";

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

/** When the planned weekend starts (its first day at midnight in the event's zone), as forms say it. */
async function plannedWeekendStart(zone: string) {
  const event = await getEventSettings();
  const days = weekendDays(event.plannedWeekend, event.year);
  if (!days) return null;
  const start = deadlineFromInput(days.start.toISOString().slice(0, 10), "00:00", zone);
  return start ? { start, text: `${weekendLong(event.plannedWeekend, event.year)}, ${event.year}` } : null;
}

/** Sets the deadline the organiser typed, or says why not (see deadlineRefusal). */
export async function setDeadlineFromForm(
  date: string,
  time: string,
  now = new Date(),
): Promise<{ text: string } | { error: string }> {
  const zone = env().eventTimeZone;
  const deadline = deadlineFromInput(date, time, zone);
  if (!deadline) return { error: "Enter the deadline as a date and a time." };
  const refusal = deadlineRefusal(deadline, now, await plannedWeekendStart(zone));
  if (refusal) return { error: refusal };
  await setSurveyDeadline(deadline);
  return { text: formatDeadline(deadline, zone) };
}

/** Closes the survey this minute; the message says when, as the survey will. */
export async function closeSurveyNow(now = new Date()): Promise<string> {
  await setSurveyDeadline(now);
  return surveyClosedMessage(now, env().eventTimeZone);
}
