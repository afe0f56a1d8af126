import {
  DONE_SECTION,
  FROM_REVIEW,
  REVIEW_SECTION,
  editFromReview,
  nextFromReview,
  nextSection,
  previousSection,
  type Section,
} from "~/features/survey/lib/survey-flow";
import {
  fieldErrorsOf,
  parseSectionForm,
  parseSurvey,
  surveyFields,
  type SurveyFields,
  type SurveyInput,
} from "~/features/survey/lib/survey-schema";
import { parseForm } from "~/platform/services/read-form.server";
import type { FormFailure } from "~/platform/lib/form-failure";
import { SUBMIT_ERROR_PREFIX } from "~/features/survey/lib/survey-questions";
import { EditionClosedError, getCurrentEdition } from "~/features/season/index.server";
import { getSurveyProgress, saveSurvey, saveSurveyDraft } from "~/features/survey/models/survey.server";
import { isDatabaseUnavailable } from "~/platform/db/availability";
import { surveyClosedReason } from "~/features/survey/services/survey-deadline.server";

export const sectionPath = (section: Section) => `/survey/${section}`;

const fromReviewPath = (section: Section) =>
  section === REVIEW_SECTION ? sectionPath(section) : editFromReview(section);

/** What became of a posted survey section: where to go next, or what to show on the section. */
export type SectionOutcome =
  { saved: true; to: string } | ({ saved: false; status: number } & FormFailure<SurveyInput>);

/**
 * Saves one posted section for a member (the caller has checked that the survey is open): the
 * answers go into the draft and the member moves on (Next or Back); on the review section, Submit
 * saves the survey. Used by the section's action and,
 * for a section posted after the session ended, right after the login.
 */
export async function submitSection(
  userId: number,
  section: Section,
  form: SurveyFields,
): Promise<SectionOutcome> {
  const back = form.intent?.[0] === "back";
  const fromReview = form[FROM_REVIEW]?.[0] === "review";
  // The edition first: answers read from a newer one are then refused with it, never mixed into it.
  const edition = await getCurrentEdition();
  const { answers } = await getSurveyProgress(userId, { fresh: true });

  if (section === REVIEW_SECTION) {
    if (back) return { saved: true, to: sectionPath(previousSection(section, answers)) };
    const survey = parseSurvey(answers, edition);
    if (!survey.success) {
      const reason = Object.values(fieldErrorsOf(survey.error))[0];
      return { saved: false, status: 400, error: `${SUBMIT_ERROR_PREFIX}${reason}` };
    }
    try {
      await saveSurvey(userId, survey.data, edition);
    } catch (error) {
      if (error instanceof EditionClosedError) return { saved: false, status: 409, error: error.message };
      // An outage is answered 503 by the server as a whole (entry.server.tsx), not as a form error.
      if (isDatabaseUnavailable(error)) throw error;
      console.error("Saving a survey failed:", error);
      return {
        saved: false,
        status: 500,
        error: `${SUBMIT_ERROR_PREFIX}the server could not save it, please try again.`,
      };
    }
    return { saved: true, to: sectionPath(DONE_SECTION) };
  }

  const result = parseSectionForm(section, form, edition);
  if (!result.success) {
    return {
      saved: false,
      status: 400,
      values: { ...answers, ...result.values },
      fieldErrors: result.fieldErrors,
    };
  }
  const updated = { ...answers, ...result.answers };
  const target = back
    ? previousSection(section, updated)
    : fromReview
      ? nextFromReview(section, answers, updated)
      : nextSection(section, updated);
  try {
    await saveSurveyDraft(userId, updated, target, edition);
  } catch (error) {
    if (!(error instanceof EditionClosedError)) throw error;
    return { saved: false, status: 409, values: updated, error: error.message };
  }
  return { saved: true, to: fromReview ? fromReviewPath(target) : sectionPath(target) };
}

/** Where Next on a section leads once the login has saved it. */
export const SAVED_AFTER_LOGIN = "You are logged in again, and the answers you sent before are saved.";

/**
 * Saves a section that was posted after the session ended (see pending-submission.server), right
 * after the login. One that cannot be saved (invalid, or the survey has closed since) comes back
 * on its section with its answers in the query, for the member to fix and send again.
 */
export async function applyKeptSection(
  userId: number,
  section: Section,
  fields: [string, string][],
): Promise<{ to: string; notice?: string }> {
  if (section === DONE_SECTION) return { to: sectionPath(REVIEW_SECTION) };
  const read = parseForm(fields, surveyFields);
  const outcome =
    !read.ok || (await surveyClosedReason()) ? null : await submitSection(userId, section, read.data);
  if (outcome?.saved) return { to: outcome.to, notice: SAVED_AFTER_LOGIN };
  const query = new URLSearchParams(fields.filter(([name]) => name !== "intent")).toString();
  return { to: query ? `${sectionPath(section)}?${query}` : sectionPath(section) };
}
