import type { Section } from "~/features/survey/lib/survey-flow";
import {
  SURVEY_QUESTIONS,
  labelOf,
  sectionTitle,
  wordingOf,
  type EditionNames,
  type Question,
  type SurveyKey,
} from "~/features/survey/lib/survey-questions";

/** An answer as the review shows it: the member's own words, a list, or the app's plain words. */
export type ReviewValue =
  | { kind: "own"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "plain"; text: string; muted?: boolean };
export type ReviewRow = { key: string; label: string; value: ReviewValue; private: boolean };
export type ReviewPart = { section: Section; title: string; hiddenWhenWide: boolean; rows: ReviewRow[] };

/** The review's words for an answer left empty, where they are not the kind's own ("None"). */
const UNANSWERED: Partial<Record<SurveyKey, string>> = { name: "Not answered", extra_guests: "Just me" };

type Answers = Record<string, unknown>;

function reviewValue(question: Question, answers: Answers, questions: readonly Question[]): ReviewValue {
  const value = answers[question.key];
  const none = UNANSWERED[question.key as SurveyKey] ?? "None";
  switch (question.kind) {
    case "text":
      return typeof value === "string" && value
        ? { kind: "own", text: value }
        : { kind: "plain", text: none, muted: true };
    case "choice":
      return { kind: "plain", text: labelOf(question.options, typeof value === "string" ? value : "") };
    case "flags": {
      const ticked = (value ?? {}) as Record<string, boolean>;
      const chosen = Object.keys(question.options).filter((key) => ticked[key]);
      return { kind: "plain", text: chosen.map((key) => question.options[key]).join(", ") || none };
    }
    case "availability": {
      // The answers carry every window of the edition, in order (survey-fields' emptySurvey).
      const weekends = Object.entries((value ?? {}) as Record<string, boolean>).filter(([, on]) => on);
      return weekends.length
        ? { kind: "list", items: weekends.map(([label]) => label) }
        : { kind: "plain", text: "None selected" };
    }
    case "sizes": {
      const sizes = (value ?? {}) as Record<string, string>;
      const guests = questions.find((each) => each.key === question.guests);
      const options = guests?.kind === "flags" ? guests.options : {};
      const ticked = (question.guests ? (answers[question.guests] ?? {}) : {}) as Record<string, boolean>;
      const shown = Object.keys(question.holders).filter((holder) => !(holder in options) || ticked[holder]);
      const sizeOf = (holder: string) => (sizes[holder] ? sizes[holder].toUpperCase() : "Not answered");
      return {
        kind: "plain",
        text: shown.map((holder) => `${question.holders[holder]}: ${sizeOf(holder)}`).join("; "),
      };
    }
  }
}

/**
 * The review page's parts, from the survey's questions: one part per section that asks something,
 * each answer in the form's wording. Rendered on the server, so the browser carries none of this.
 * The spec's rules: the details are left out for someone not coming, and on wide screens the
 * feedback is hidden for someone who was not there last year.
 */
export function reviewParts(
  answers: Answers,
  names: EditionNames,
  questions: readonly Question[] = SURVEY_QUESTIONS,
): ReviewPart[] {
  const sections = [...new Set(questions.map((question) => question.section))].sort();
  return sections
    .filter((section) => !(section === 2 && answers.attending === "no"))
    .map((section) => ({
      section,
      title: sectionTitle(section, names),
      hiddenWhenWide: section === 5 && answers.sgw24_attendee === "no",
      rows: questions
        .filter((question) => question.section === section)
        .map((question) => ({
          key: question.key,
          label: wordingOf(question, names),
          value: reviewValue(question, answers, questions),
          private: Boolean(question.private),
        })),
    }));
}
