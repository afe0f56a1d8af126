import type { SurveyAnswers } from "~/features/survey/lib/survey-fields";

/** The survey's seven sections: 1 basic info, 2 details, 3 sad message, 4 SGW24, 5 feedback, 6 review, 7 done. */
export type Section = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const FIRST_SECTION: Section = 1;
export const REVIEW_SECTION: Section = 6;
export const DONE_SECTION: Section = 7;

type FlowAnswers = Pick<SurveyAnswers, "attending" | "sgw24_attendee">;

/** A section number from the URL or the stored draft, or null for anything else. */
export function parseSection(value: unknown): Section | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value);
  if (!/^[1-7]$/.test(text)) return null;
  return Number(text) as Section;
}

/** Where Next leads (spec section 4); 6 -> 7 happens only after a successful submit. */
export function nextSection(section: Section, answers: FlowAnswers): Section {
  switch (section) {
    case 1:
      return answers.attending === "no" ? 3 : 2;
    case 2:
    case 3:
      return 4;
    case 4:
      return answers.sgw24_attendee === "no" ? 6 : 5;
    case 5:
      return 6;
    default:
      return 7;
  }
}

/** Where Back leads: the previous section on the same path, so Back undoes Next. */
export function previousSection(section: Section, answers: FlowAnswers): Section {
  switch (section) {
    case 1:
    case 2:
    case 3:
      return 1;
    case 4:
      return answers.attending === "no" ? 3 : 2;
    case 5:
      return 4;
    case 6:
      return answers.sgw24_attendee === "no" ? 4 : 5;
    default:
      return 6;
  }
}
