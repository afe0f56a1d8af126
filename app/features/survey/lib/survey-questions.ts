import type { SurveyAnswers } from "~/features/survey/lib/survey-fields";

/** The spec's words before the reason a survey could not be submitted. */
export const SUBMIT_ERROR_PREFIX = "Error submitting survey: ";

/** The short names of this edition and the one before, as the survey's questions name them. */
export type EditionNames = { current: string; previous: string };

/** The spec's wording: the 2025 edition. */
export const SGW25_NAMES: EditionNames = { current: "SGW25", previous: "SGW24" };

/** What each answer is called on the form, on the review page and in its error messages. */
export function questionsFor({ current, previous }: EditionNames) {
  return {
    name: "Your name",
    attending: `Are you coming to ${current}?`,
    availability: "Which weekends work for you?",
    sgw_extension: "Should SGW be longer?",
    countries: "Which countries are you cool with?",
    previous_locale: "Should we revisit previous spots?",
    sober: "Are you okay staying sober?",
    extra_guests: "Bringing anyone along?",
    share_room: "Are you cool with sharing a room?",
    shirt_size: "Shirt sizes",
    fate_change: "Would you change your fate?",
    sgw24_attendee: `Did you come to ${previous}?`,
    sgw24_concerns: `Any concerns from ${previous}?`,
    sgw25_suggestions: `Suggestions for ${current}?`,
    sgw25_dont_wanna_see: "Anyone you don't want to see?",
  } satisfies Record<keyof SurveyAnswers, string>;
}

/** The 2025 edition's questions, as the spec words them. */
export const QUESTIONS = questionsFor(SGW25_NAMES);

export const ATTENDING_LABELS = { yes: "Yes", no: "No", maybe: "Maybe" };
export const EXTENSION_LABELS = {
  no: "No, keep it as is",
  beginning: "Start a day earlier",
  end: "End a day later",
  both: "Start earlier & end later",
};
export const YES_NO_LABELS = { yes: "Yes", no: "No" };
export const AYE_NAY_LABELS = { aye: "Aye", nay: "Nay" };
export const COUNTRY_LABELS = { usa: "USA", canada: "Canada", mexico: "Mexico" };
export const GUEST_LABELS = { boo: "My boo", child: "My child" };
export const SHIRT_HOLDER_LABELS = { self: "Your size", boo: "Your boo's size", child: "Your child's size" };

/** The label of a chosen option, or a plain note when the question was skipped. */
export function labelOf(labels: Record<string, string>, value: string) {
  return labels[value] ?? (value ? value : "Not answered");
}
