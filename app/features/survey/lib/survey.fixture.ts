import { emptySurvey, type SurveyAnswers } from "~/features/survey/lib/survey-fields";
import { SURVEY_QUESTIONS } from "~/features/survey/lib/survey-questions";
import { WINDOWS } from "~/features/season/lib/weekends";

/**
 * A survey with every question answered, built from the definition (so a new question is answered
 * too): each choice's first option, each group's first box, the edition's first weekend, size M for
 * everyone, and text naming its question. Tests override the answers they look at.
 */
export function surveyFixture(
  overrides: Partial<SurveyAnswers> = {},
  windows: readonly string[] = WINDOWS,
): SurveyAnswers {
  const answers: Record<string, unknown> = emptySurvey(windows);
  for (const question of SURVEY_QUESTIONS) {
    const empty = answers[question.key] as Record<string, unknown>;
    switch (question.kind) {
      case "text":
        answers[question.key] = question.key === "name" ? "Kim" : `About ${question.key}`;
        break;
      case "choice":
        answers[question.key] = Object.keys(question.options)[0];
        break;
      case "flags":
      case "availability":
        answers[question.key] = { ...empty, [Object.keys(empty)[0]]: true };
        break;
      case "sizes":
        answers[question.key] = Object.fromEntries(
          Object.keys(question.holders).map((holder) => [holder, "m"]),
        );
        break;
    }
  }
  return { ...(answers as SurveyAnswers), ...overrides };
}
