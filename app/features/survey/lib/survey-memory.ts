import type { SurveyAnswers } from "~/features/survey/lib/survey-fields";
import { SURVEY_QUESTIONS, type Question } from "~/features/survey/lib/survey-questions";

/** What rarely changes from one year to the next: a new edition's survey starts from these. */
export const REMEMBERED_FIELDS = (SURVEY_QUESTIONS as readonly Question[])
  .filter((question) => question.remembered)
  .map((question) => question.key as keyof SurveyAnswers);

export const REMEMBERED_NOTE =
  "We filled in your name, shirt sizes, countries, and your sober and room-sharing answers from your last survey. Check them: nothing is saved until you press Next, and nothing is submitted for you.";

/** The remembered part of a member's last survey; attendance, availability, guests and feedback start empty. */
export function rememberedAnswers(last: Partial<SurveyAnswers>): Partial<SurveyAnswers> {
  return Object.fromEntries(
    REMEMBERED_FIELDS.filter((field) => last[field] !== undefined).map((field) => [field, last[field]]),
  );
}
