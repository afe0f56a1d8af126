import { displayName, type ResponseRecord } from "~/features/results/lib/results";
import {
  PRIVATE_ANSWER_HIDDEN,
  SGW25_NAMES,
  SURVEY_QUESTIONS,
  answersOfRecord,
  type EditionNames,
  type Question,
  type SummaryRow,
} from "~/features/survey";
import { WINDOWS } from "~/features/editions";

/** One respondent's card on /results-summary, ready to print. */
export type SummaryCard = {
  id: number;
  name: string;
  email: string;
  rows: Array<[string, string]>;
  /** Available windows in chronological order. */
  availableDates: string[];
  /**
   * The block about the previous edition: `attended` is "Yes", "No" or "Not answered".
   * `dontWannaSeeHidden`: the reader may not read that answer (organisers and its author only), so
   * `dontWannaSee` says so instead.
   */
  previousEdition: {
    heading: string;
    attended: string;
    concerns: string;
    suggestions: string;
    dontWannaSee: string;
    dontWannaSeeHidden?: true;
  };
};

type Role = "attended" | "concerns" | "suggestions" | "dontWannaSee";

/** The summary's table rows: each question's own, so the CSV's columns are the same by construction. */
export const SUMMARY_ROWS = summaryRowsOf(SURVEY_QUESTIONS);

/** The summary rows of a list of questions, in the spec's order. */
export function summaryRowsOf(questions: readonly Question[]): readonly SummaryRow[] {
  const rows = questions.flatMap((question) => question.summary ?? []);
  return rows.sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity));
}

/** The previous-edition block's heading: the spec calls 2024's "Orlando"; later editions name theirs. */
export function previousEditionHeading(names: EditionNames) {
  return names.current === SGW25_NAMES.current ? "Orlando" : names.previous;
}

const NONE = "None specified";

export function summaryCard(
  record: ResponseRecord,
  {
    windows = WINDOWS,
    names = SGW25_NAMES,
    privateHidden = false,
    questions = SURVEY_QUESTIONS,
  }: {
    windows?: readonly string[];
    names?: EditionNames;
    privateHidden?: boolean;
    questions?: readonly Question[];
  } = {},
): SummaryCard {
  const answers = answersOfRecord(record, windows, questions);
  const rows = questions === SURVEY_QUESTIONS ? SUMMARY_ROWS : summaryRowsOf(questions);
  const byRole = Object.fromEntries(
    questions
      .filter((question) => question.previousEdition)
      .map((question) => [question.previousEdition, answers[question.key]]),
  ) as Record<Role, string>;
  const text = (role: Role) => byRole[role] || NONE;
  return {
    id: Number(record.id),
    name: displayName(record.name),
    email: typeof record.email === "string" ? record.email : "",
    rows: rows.map((row) => [row.label, row.value(answers)]),
    availableDates: windows.filter((label) => answers.availability[label]),
    previousEdition: {
      heading: previousEditionHeading(names),
      attended: ({ yes: "Yes", no: "No" } as Record<string, string>)[byRole.attended] ?? "Not answered",
      concerns: text("concerns"),
      suggestions: text("suggestions"),
      ...(privateHidden
        ? { dontWannaSee: PRIVATE_ANSWER_HIDDEN, dontWannaSeeHidden: true as const }
        : { dontWannaSee: text("dontWannaSee") }),
    },
  };
}
