import type { Section } from "~/features/survey/lib/survey-flow";
import {
  SURVEY_QUESTIONS,
  type Question,
  type SummaryAnswers,
  type SurveyQuestion,
} from "~/features/survey/lib/survey-questions";
import { WINDOWS } from "~/features/editions";

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
export type SurveyAnswers = { [Q in SurveyQuestion as Q["key"]]: AnswerOf<Q> };

/** Every answer, in the survey's order. */
export const SURVEY_FIELDS = SURVEY_QUESTIONS.map((question) => question.key);

/** The answers a section's form carries, in the survey's order; 3, 6 and 7 carry none. */
export function sectionFields(section: Section, questions: readonly Question[] = SURVEY_QUESTIONS) {
  return questions.filter((question) => question.section === section).map((question) => question.key);
}

/** Each section's answers. */
export const SECTION_FIELDS = Object.fromEntries(
  ([1, 2, 3, 4, 5, 6, 7] as const).map((section) => [section, sectionFields(section)]),
) as unknown as Record<Section, readonly (keyof SurveyAnswers)[]>;

/** A question's unanswered value. */
export function emptyAnswer(question: Question, windows: readonly string[]): unknown {
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

/** An object field that may be stored as a JSON string; anything unreadable counts as empty. */
function objectOf(value: unknown): Record<string, unknown> {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return parsed && typeof parsed === "object" && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

const ticked = (value: unknown) => value === true || value === "true";
const YES = ["yes", "aye", "true"];
const NO = ["no", "nay", "false"];

/** A stored choice in its option's key: true/false and "true"/"false" read as a yes/aye or no/nay option. */
function choiceOf(options: Readonly<Record<string, string>>, value: unknown): string {
  const text =
    typeof value === "string"
      ? value.trim().toLowerCase()
      : value === true
        ? "true"
        : value === false
          ? "false"
          : "";
  if (text in options) return text;
  const keys = Object.keys(options);
  if (YES.includes(text)) return keys.find((key) => YES.includes(key)) ?? "";
  if (NO.includes(text)) return keys.find((key) => NO.includes(key)) ?? "";
  return "";
}

/** One answer of a stored or posted record (the API's loose shapes: JSON strings, flat flags, booleans). */
function answerOfRecord(question: Question, record: Record<string, unknown>, windows: readonly string[]) {
  const value = record[question.key];
  switch (question.kind) {
    case "text":
      return typeof value === "string" ? value.trim() : "";
    case "choice":
      return choiceOf(question.options, value);
    case "flags": {
      const map = objectOf(value);
      return Object.fromEntries(
        Object.keys(question.options).map((key) => [
          key,
          ticked(map[key]) || (question.flat ? ticked(record[`${question.flat}_${key}`]) : false),
        ]),
      );
    }
    case "availability": {
      const map = objectOf(value);
      return Object.fromEntries(windows.map((label) => [label, ticked(map[label])]));
    }
    case "sizes": {
      const map = objectOf(value);
      return Object.fromEntries(
        Object.keys(question.holders).map((holder) => {
          const size = map[holder];
          return [holder, typeof size === "string" ? size.trim() : ""];
        }),
      );
    }
  }
}

/** Someone coming (yes or maybe): only their details and guests count. */
export const isComing = (attending: unknown) => attending === "yes" || attending === "maybe";

/**
 * A record's answers as the summary reads them: the details (section 2) of someone not coming count
 * as unanswered, as the review hides them.
 */
export function answersOfRecord(
  record: Record<string, unknown>,
  windows: readonly string[] = WINDOWS,
  questions: readonly Question[] = SURVEY_QUESTIONS,
) {
  const coming = isComing(choiceOf({ yes: "", no: "", maybe: "" }, record.attending));
  return Object.fromEntries(
    questions.map((question) => [
      question.key,
      question.section === 2 && !coming
        ? emptyAnswer(question, windows)
        : answerOfRecord(question, record, windows),
    ]),
  ) as SurveyAnswers & SummaryAnswers;
}
