import { NAME_MAX, SURVEY_TEXT_MAX } from "~/platform/lib/limits";
import { SHIRT_SIZES } from "~/features/survey/lib/survey-choices";
import type { Section } from "~/features/survey/lib/survey-flow";

/** The spec's words before the reason a survey could not be submitted. */
export const SUBMIT_ERROR_PREFIX = "Error submitting survey: ";

/** The short names of this edition and the one before, as the survey's questions name them. */
export type EditionNames = { current: string; previous: string };

/** The spec's wording: the 2025 edition. */
export const SGW25_NAMES: EditionNames = { current: "SGW25", previous: "SGW24" };

const ATTENDING_LABELS = { yes: "Yes", no: "No", maybe: "Maybe" };
const EXTENSION_LABELS = {
  no: "No, keep it as is",
  beginning: "Start a day earlier",
  end: "End a day later",
  both: "Start earlier & end later",
};
const YES_NO_LABELS = { yes: "Yes", no: "No" };
const AYE_NAY_LABELS = { aye: "Aye", nay: "Nay" };
const COUNTRY_LABELS = { usa: "USA", canada: "Canada", mexico: "Mexico" };
const GUEST_LABELS = { boo: "My boo", child: "My child" };
const SHIRT_HOLDER_LABELS = { self: "Your size", boo: "Your boo's size", child: "Your child's size" };

type Options = Readonly<Record<string, string>>;
type Base = {
  /** The answer's name where it is stored, in the API and in the forms. */
  key: string;
  section: Section;
  /** The question as the form, the review and its error messages word it; `names` are the edition's. */
  question: string | ((names: EditionNames) => string);
  /** Carried into the member's next edition's survey (survey-memory). */
  remembered?: true;
  /** Read only by the organisers and its author (private-answer). */
  private?: true;
  /**
   * The form marks it required, as the spec does (for sizes: the member's own size). The form never
   * blocks Next on it: an unanswered question is a valid answer.
   */
  required?: true;
};
export type Question = Base &
  /** A paragraph, or with `input: "name"` the one-line name field registering asks for too. */
  (
    | { kind: "text"; max: number; input?: "name" }
    | { kind: "choice"; options: Options }
    | { kind: "flags"; options: Options }
    | { kind: "availability" }
    /** One size per holder; a holder that is an option of `guests` (a flags question) counts only when ticked. */
    | { kind: "sizes"; holders: Options; sizes: readonly string[]; guests?: string }
  );

/**
 * The survey, once: every answer as stored, sent by the API and posted by the forms, in the survey's
 * order. What the browser needs (kind, options, wording) is here; what only the server needs is keyed
 * by the same keys: the zod schema (survey-schema), the review (survey-review), the summary rows and
 * CSV columns (results/lib/summary-rows). Adding a question: an entry here, its summary rows, its
 * column in the schema and the generated migration.
 */
export const SURVEY_QUESTIONS = [
  {
    key: "name",
    section: 1,
    kind: "text",
    max: NAME_MAX,
    input: "name",
    question: "Your name",
    remembered: true,
  },
  {
    key: "attending",
    section: 1,
    kind: "choice",
    options: ATTENDING_LABELS,
    required: true,
    question: ({ current }) => `Are you coming to ${current}?`,
  },
  { key: "availability", section: 2, kind: "availability", question: "Which weekends work for you?" },
  {
    key: "sgw_extension",
    section: 2,
    kind: "choice",
    options: EXTENSION_LABELS,
    required: true,
    question: "Should SGW be longer?",
  },
  {
    key: "countries",
    section: 2,
    kind: "flags",
    options: COUNTRY_LABELS,
    question: "Which countries are you cool with?",
    remembered: true,
  },
  {
    key: "previous_locale",
    section: 2,
    kind: "choice",
    options: YES_NO_LABELS,
    required: true,
    question: "Should we revisit previous spots?",
  },
  {
    key: "sober",
    section: 2,
    kind: "choice",
    options: YES_NO_LABELS,
    required: true,
    question: "Are you okay staying sober?",
    remembered: true,
  },
  {
    key: "extra_guests",
    section: 2,
    kind: "flags",
    options: GUEST_LABELS,
    question: "Bringing anyone along?",
  },
  {
    key: "share_room",
    section: 2,
    kind: "choice",
    options: YES_NO_LABELS,
    required: true,
    question: "Are you cool with sharing a room?",
    remembered: true,
  },
  {
    key: "shirt_size",
    section: 2,
    kind: "sizes",
    holders: SHIRT_HOLDER_LABELS,
    sizes: SHIRT_SIZES,
    guests: "extra_guests",
    required: true,
    question: "Shirt sizes",
    remembered: true,
  },
  {
    key: "fate_change",
    section: 2,
    kind: "choice",
    options: AYE_NAY_LABELS,
    required: true,
    question: "Would you change your fate?",
  },
  {
    key: "sgw24_attendee",
    section: 4,
    kind: "choice",
    options: YES_NO_LABELS,
    question: ({ previous }) => `Did you come to ${previous}?`,
  },
  {
    key: "sgw24_concerns",
    section: 5,
    kind: "text",
    max: SURVEY_TEXT_MAX,
    question: ({ previous }) => `Any concerns from ${previous}?`,
  },
  {
    key: "sgw25_suggestions",
    section: 5,
    kind: "text",
    max: SURVEY_TEXT_MAX,
    question: ({ current }) => `Suggestions for ${current}?`,
  },
  {
    key: "sgw25_dont_wanna_see",
    section: 5,
    kind: "text",
    max: SURVEY_TEXT_MAX,
    question: "Anyone you don't want to see?",
    private: true,
  },
] as const satisfies readonly Question[];

export type SurveyQuestion = (typeof SURVEY_QUESTIONS)[number];
export type SurveyKey = SurveyQuestion["key"];

/** A section's heading on its form and in the review. */
export function sectionTitle(section: Section, names: EditionNames) {
  const titles: Partial<Record<Section, string>> = {
    1: "Basic info",
    2: "Details",
    4: names.previous,
    5: "Feedback",
  };
  return titles[section] ?? `Section ${section}`;
}

/** A question's wording in an edition. */
export function wordingOf(question: Question, names: EditionNames) {
  return typeof question.question === "string" ? question.question : question.question(names);
}

/** The label of a chosen option, or a plain note when the question was skipped. */
export function labelOf(labels: Record<string, string>, value: string) {
  return labels[value] ?? (value ? value : "Not answered");
}
