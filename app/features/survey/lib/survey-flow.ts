/** The survey's seven sections: 1 basic info, 2 details, 3 sad message, 4 SGW24, 5 feedback, 6 review, 7 done. */
export type Section = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const FIRST_SECTION: Section = 1;
export const REVIEW_SECTION: Section = 6;
export const DONE_SECTION: Section = 7;

/** A section opened with "Edit" on the review carries `from=review` (query and field): Next returns there. */
export const FROM_REVIEW = "from";
export const editFromReview = (section: Section) => `/survey/${section}?${FROM_REVIEW}=review`;

/** The two answers that choose the path (any text: a posted form's, before validation). */
type FlowAnswers = { attending: string; sgw24_attendee: string };

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

/** The sections a member's answers lead through, first to review (the done page is not a step). */
export function pathOf(answers: FlowAnswers): Section[] {
  const path: Section[] = [FIRST_SECTION];
  while (path[path.length - 1] !== REVIEW_SECTION) path.push(nextSection(path[path.length - 1], answers));
  return path;
}

/**
 * Where Next leads from a section opened with "Edit" on the review: back to the review, unless the
 * change opened a section the member has not been through (coming after all: the details).
 */
export function nextFromReview(section: Section, before: FlowAnswers, after: FlowAnswers): Section {
  const seen = pathOf(before);
  const unseen = pathOf(after).find((each) => each > section && !seen.includes(each));
  return unseen ?? REVIEW_SECTION;
}

/**
 * "Step 2 of 5": where the section is on the member's own path (an off-path section counts in place).
 * `upTo`: an answer not given yet may still shorten the path ("Step 3 of up to 5"), so the count
 * never jumps from "3 of 5" to "4 of 4" without having said so.
 */
export function stepOf(section: Section, answers: FlowAnswers) {
  const path = pathOf(answers);
  const steps = path.includes(section) ? path : [...path, section].sort((a, b) => a - b);
  const choices = (value: string) => (value ? [value] : ["yes", "no"]);
  const shortest = Math.min(
    ...choices(answers.attending).flatMap((attending) =>
      choices(answers.sgw24_attendee).map((sgw24) => pathOf({ attending, sgw24_attendee: sgw24 }).length),
    ),
  );
  return { step: steps.indexOf(section) + 1, of: steps.length, upTo: shortest < path.length };
}

/** The progress line: "Step 3 of 5", or "Step 3 of up to 5" while an answer may shorten the path. */
export const stepText = ({ step, of, upTo }: ReturnType<typeof stepOf>) =>
  `Step ${step} of ${upTo ? "up to " : ""}${of}`;
