import { NAME_MAX, SURVEY_TEXT_MAX } from "~/platform/lib/limits";
import {
  ATTENDING,
  AYE_NAY,
  COUNTRIES,
  EXTENSIONS,
  EXTRA_GUESTS,
  SHIRT_HOLDERS,
  SHIRT_SIZES,
  YES_NO,
} from "~/features/survey/lib/survey-choices";
import type { Section } from "~/features/survey/lib/survey-flow";

/** The spec's words before the reason a survey could not be submitted. */
export const SUBMIT_ERROR_PREFIX = "Error submitting survey: ";

/** The short names of this edition and the one before, as the survey's questions name them. */
export type EditionNames = { current: string; previous: string };

/** The spec's wording: the 2025 edition. */
export const SGW25_NAMES: EditionNames = { current: "SGW25", previous: "SGW24" };

export const ATTENDING_LABELS = { yes: "Yes", no: "No", maybe: "Maybe" } satisfies Labels<typeof ATTENDING>;
export const EXTENSION_LABELS = {
  no: "No, keep it as is",
  beginning: "Start a day earlier",
  end: "End a day later",
  both: "Start earlier & end later",
} satisfies Labels<typeof EXTENSIONS>;
export const YES_NO_LABELS = { yes: "Yes", no: "No" } satisfies Labels<typeof YES_NO>;
export const AYE_NAY_LABELS = { aye: "Aye", nay: "Nay" } satisfies Labels<typeof AYE_NAY>;
export const COUNTRY_LABELS = { usa: "USA", canada: "Canada", mexico: "Mexico" } satisfies Labels<
  typeof COUNTRIES
>;
export const GUEST_LABELS = { boo: "My boo", child: "My child" } satisfies Labels<typeof EXTRA_GUESTS>;
export const SHIRT_HOLDER_LABELS = {
  self: "Your size",
  boo: "Your boo's size",
  child: "Your child's size",
} satisfies Labels<typeof SHIRT_HOLDERS>;

type Labels<T extends readonly string[]> = Record<T[number], string>;

/**
 * A summary row's answer as /results-summary and the surveys CSV show it. `order` places it where
 * the spec lists it (its order is not the survey's); a row without one comes last.
 */
export type SummaryRow = { label: string; order?: number; value: (answers: SummaryAnswers) => string };

/** What a summary row reads: the member's answers, as far as they count (see survey-fields' answersOfRecord). */
export type SummaryAnswers = Record<string, unknown> & {
  attending: string;
  extra_guests: { boo: boolean; child: boolean };
};

type Wording = string | ((names: EditionNames) => string);
type Base = {
  /** The answer's name where it is stored, in the API and in the forms. */
  key: string;
  section: Section;
  question: Wording;
  /** Carried into the member's next edition's survey (survey-memory). */
  remembered?: true;
  /** Read only by the organisers and its author (private-answer). */
  private?: true;
  /** Its rows on /results-summary and in the surveys CSV; none when absent. */
  summary?: readonly SummaryRow[];
  /** Rows of the summary card's previous-edition block, by their role there. */
  previousEdition?: "attended" | "concerns" | "suggestions" | "dontWannaSee";
};
/** `unanswered`: the review's words for an empty answer ("None" when absent). */
export type TextQuestion = Base & { kind: "text"; max: number; unanswered?: string };
export type ChoiceQuestion = Base & { kind: "choice"; options: Readonly<Record<string, string>> };
/** Ticked boxes; `flat` names the legacy top-level flags (`visit_usa`) an old client may send instead. */
export type FlagsQuestion = Base & {
  kind: "flags";
  options: Readonly<Record<string, string>>;
  none: string;
  flat?: string;
};
export type AvailabilityQuestion = Base & { kind: "availability" };
/** One size per holder; a holder that is a guest of `guests` (a flags question) counts only when ticked. */
export type SizesQuestion = Base & {
  kind: "sizes";
  holders: Readonly<Record<string, string>>;
  sizes: readonly string[];
  guests?: string;
};
export type Question = TextQuestion | ChoiceQuestion | FlagsQuestion | AvailabilityQuestion | SizesQuestion;

const NOT_ANSWERED = "Not answered";
const yesNo = (flag: boolean) => (flag ? "Yes" : "No");
const chosenOf = (labels: Record<string, string>) => (value: unknown) =>
  (typeof value === "string" && labels[value]) || NOT_ANSWERED;
const upper = (value: unknown) => (typeof value === "string" && value ? value.toUpperCase() : NOT_ANSWERED);
const SUMMARY_YES_NO = chosenOf({ yes: "Yes", no: "No" });

/**
 * The survey, once: every answer as it is stored, sent by the API and posted by the forms, in the
 * survey's order. The answers' type, the zod schema, each section's fields, the empty survey, the form
 * reader, the review, the summary rows and the CSV columns are all derived from this list, so adding a
 * question is one entry here, its column in the schema and the generated migration.
 */
export const SURVEY_QUESTIONS = [
  {
    key: "name",
    section: 1,
    kind: "text",
    max: NAME_MAX,
    question: "Your name",
    remembered: true,
    unanswered: "Not answered",
  },
  {
    key: "attending",
    section: 1,
    kind: "choice",
    options: ATTENDING_LABELS,
    question: ({ current }) => `Are you coming to ${current}?`,
    summary: [
      { label: "Attending", order: 1, value: (answers) => chosenOf(ATTENDING_LABELS)(answers.attending) },
    ],
  },
  { key: "availability", section: 2, kind: "availability", question: "Which weekends work for you?" },
  {
    key: "sgw_extension",
    section: 2,
    kind: "choice",
    options: EXTENSION_LABELS,
    question: "Should SGW be longer?",
    summary: [
      {
        label: "Wants To Extend",
        order: 2,
        value: (answers) =>
          chosenOf({
            beginning: "Start Earlier",
            end: "End Later",
            both: "Start Earlier & End Later",
            no: "No",
          })(answers.sgw_extension),
      },
    ],
  },
  {
    key: "countries",
    section: 2,
    kind: "flags",
    options: COUNTRY_LABELS,
    none: "None",
    flat: "visit",
    question: "Which countries are you cool with?",
    remembered: true,
    summary: [
      {
        label: "OK Countries",
        order: 3,
        value: (answers) => {
          const ticked = answers.countries as Record<string, boolean>;
          const names = COUNTRIES.filter((key) => ticked[key]).map((key) => COUNTRY_LABELS[key]);
          return names.length ? names.join(", ") : "None";
        },
      },
    ],
  },
  {
    key: "previous_locale",
    section: 2,
    kind: "choice",
    options: YES_NO_LABELS,
    question: "Should we revisit previous spots?",
    summary: [
      { label: "Previous Locale", order: 4, value: (answers) => SUMMARY_YES_NO(answers.previous_locale) },
    ],
  },
  {
    key: "sober",
    section: 2,
    kind: "choice",
    options: YES_NO_LABELS,
    question: "Are you okay staying sober?",
    remembered: true,
    summary: [{ label: "Sober", order: 5, value: (answers) => SUMMARY_YES_NO(answers.sober) }],
  },
  {
    key: "extra_guests",
    section: 2,
    kind: "flags",
    options: GUEST_LABELS,
    none: "Just me",
    question: "Bringing anyone along?",
    summary: [
      { label: "Bringing Boo", order: 6, value: (answers) => yesNo(answers.extra_guests.boo) },
      { label: "Bringing Kid", order: 7, value: (answers) => yesNo(answers.extra_guests.child) },
    ],
  },
  {
    key: "share_room",
    section: 2,
    kind: "choice",
    options: YES_NO_LABELS,
    question: "Are you cool with sharing a room?",
    remembered: true,
    summary: [{ label: "Will Share Room", order: 8, value: (answers) => SUMMARY_YES_NO(answers.share_room) }],
  },
  {
    key: "shirt_size",
    section: 2,
    kind: "sizes",
    holders: SHIRT_HOLDER_LABELS,
    sizes: SHIRT_SIZES,
    guests: "extra_guests",
    question: "Shirt sizes",
    remembered: true,
    summary: [
      {
        label: "Shirt Sizes",
        order: 10,
        value: (answers) => {
          const sizes = answers.shirt_size as Record<string, string>;
          return [
            `Self: ${upper(sizes.self)}`,
            answers.extra_guests.boo ? `Boo: ${upper(sizes.boo)}` : "",
            answers.extra_guests.child ? `Kid: ${upper(sizes.child)}` : "",
          ]
            .filter(Boolean)
            .join(", ");
        },
      },
    ],
  },
  {
    key: "fate_change",
    section: 2,
    kind: "choice",
    options: AYE_NAY_LABELS,
    question: "Would you change your fate?",
    summary: [
      {
        label: "Would Change Fate",
        order: 9,
        value: (answers) => chosenOf(AYE_NAY_LABELS)(answers.fate_change),
      },
    ],
  },
  {
    key: "sgw24_attendee",
    section: 4,
    kind: "choice",
    options: YES_NO_LABELS,
    question: ({ previous }) => `Did you come to ${previous}?`,
    previousEdition: "attended",
  },
  {
    key: "sgw24_concerns",
    section: 5,
    kind: "text",
    max: SURVEY_TEXT_MAX,
    question: ({ previous }) => `Any concerns from ${previous}?`,
    previousEdition: "concerns",
  },
  {
    key: "sgw25_suggestions",
    section: 5,
    kind: "text",
    max: SURVEY_TEXT_MAX,
    question: ({ current }) => `Suggestions for ${current}?`,
    previousEdition: "suggestions",
  },
  {
    key: "sgw25_dont_wanna_see",
    section: 5,
    kind: "text",
    max: SURVEY_TEXT_MAX,
    question: "Anyone you don't want to see?",
    private: true,
    previousEdition: "dontWannaSee",
  },
] as const satisfies readonly Question[];

export type SurveyQuestion = (typeof SURVEY_QUESTIONS)[number];
export type SurveyKey = SurveyQuestion["key"];

/** A question's wording in an edition. */
export function wordingOf(question: Question, names: EditionNames) {
  return typeof question.question === "string" ? question.question : question.question(names);
}

/** What each answer is called on the form, on the review page and in its error messages. */
export function questionsFor(names: EditionNames): Record<SurveyKey, string> {
  return Object.fromEntries(
    SURVEY_QUESTIONS.map((question) => [question.key, wordingOf(question, names)]),
  ) as Record<SurveyKey, string>;
}

/** The 2025 edition's questions, as the spec words them. */
export const QUESTIONS = questionsFor(SGW25_NAMES);

/** The label of a chosen option, or a plain note when the question was skipped. */
export function labelOf(labels: Record<string, string>, value: string) {
  return labels[value] ?? (value ? value : NOT_ANSWERED);
}
