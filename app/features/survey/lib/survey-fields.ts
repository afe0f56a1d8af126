import type { Section } from "~/features/survey/lib/survey-flow";
import { SURVEY_QUESTIONS, type Question, type SurveyQuestion } from "~/features/survey/lib/survey-questions";
import { WINDOWS } from "~/features/season/lib/weekends";

/** An answer's type, from its question's kind: "" is unanswered. */
type AnswerOf<Q> = Q extends { kind: "text" }
  ? string
  : Q extends { kind: "choice"; options: infer O }
    ? "" | Extract<keyof O, string>
    : Q extends { kind: "flags"; options: infer O }
      ? { [K in keyof O]: boolean }
      : Q extends { kind: "availability" }
        ? Record<string, boolean>
        : Q extends { kind: "sizes"; holders: infer H }
          ? { [K in keyof H]: string }
          : never;

/** The spec's Survey entity, as the API and the forms carry it. */
export type SurveyAnswers = { -readonly [Q in SurveyQuestion as Q["key"]]: AnswerOf<Q> };

/** The answers a section's form carries, in the survey's order; 3, 6 and 7 carry none. */
export function sectionFields(section: Section, questions: readonly Question[] = SURVEY_QUESTIONS) {
  return questions.filter((question) => question.section === section).map((question) => question.key);
}

export const SECTION_FIELDS = Object.fromEntries(
  ([1, 2, 3, 4, 5, 6, 7] as const).map((section) => [section, sectionFields(section)]),
) as unknown as Record<Section, readonly (keyof SurveyAnswers)[]>;

/** Every answer, in the survey's order. */
export const SURVEY_FIELDS = SURVEY_QUESTIONS.map((question) => question.key);

/** A question's unanswered value: text and choices "", every box and window false, no size. */
export function emptyAnswer(question: Question, windows: readonly string[] = WINDOWS): unknown {
  switch (question.kind) {
    case "text":
    case "choice":
      return "";
    case "flags":
      return Object.fromEntries(Object.keys(question.options).map((key) => [key, false]));
    case "availability":
      return Object.fromEntries(windows.map((label) => [label, false]));
    case "sizes":
      return Object.fromEntries(Object.keys(question.holders).map((holder) => [holder, ""]));
  }
}

/** An untouched survey: text empty, every window (of the edition's `windows`) and flag false, no choice made. */
export function emptySurvey(windows: readonly string[] = WINDOWS): SurveyAnswers {
  return Object.fromEntries(
    SURVEY_QUESTIONS.map((question) => [question.key, emptyAnswer(question, windows)]),
  ) as SurveyAnswers;
}
