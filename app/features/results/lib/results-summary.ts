import {
  deriveResponse,
  isCounted,
  parseJsonObject,
  type Log,
  type ResponseRecord,
} from "~/features/results/lib/results";
import { answer, summaryRowsOf, type SummaryRowsByKey } from "~/features/results/lib/summary-rows";
import { SGW25_NAMES, type EditionNames } from "~/features/survey/lib/survey-questions";
import { PRIVATE_ANSWER_HIDDEN } from "~/features/survey/lib/private-answer";
import { WINDOWS } from "~/features/season/lib/weekends";

/** One respondent's card on /results-summary, ready to print. */
export type SummaryCard = {
  id: number;
  name: string;
  email: string;
  rows: Array<[string, string]>;
  /** Available windows in chronological order. */
  availableDates: string[];
  /**
   * The block about the previous edition, headed "Orlando" for 2025 (the spec's word) and by the
   * previous edition's name after. `attended` is "Yes", "No" or "Not answered". `dontWannaSeeHidden`:
   * the reader may not read that answer (organisers and its author only), so `dontWannaSee` says so.
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

function text(value: unknown) {
  return (typeof value === "string" && value.trim()) || "None specified";
}

/** The details block's answers (survey section 2), as unanswered: they only count for someone coming. */
const DETAILS_UNANSWERED = {
  availability: {},
  sgw_extension: "",
  countries: {},
  visit_usa: false,
  visit_canada: false,
  visit_mexico: false,
  previous_locale: "",
  sober: "",
  extra_guests: {},
  share_room: "",
  shirt_size: {},
  fate_change: "",
};

/** The previous edition's block heading: the spec calls 2024's "Orlando"; later editions name theirs. */
export function previousEditionHeading(names: EditionNames) {
  return names.current === SGW25_NAMES.current ? "Orlando" : names.previous;
}

export function summaryCard(
  answers: ResponseRecord,
  {
    log,
    windows = WINDOWS,
    names = SGW25_NAMES,
    privateHidden = false,
    rows,
  }: {
    log?: Log;
    windows?: readonly string[];
    names?: EditionNames;
    privateHidden?: boolean;
    /** The summary rows by question key (summary-rows' SUMMARY_ROWS when absent). */
    rows?: SummaryRowsByKey;
  } = {},
): SummaryCard {
  // The review hides the details block for a "no" (spec section 2); the summary does not count it.
  const record = isCounted(answers.attending) ? answers : { ...answers, ...DETAILS_UNANSWERED };
  const response = deriveResponse(record, log);
  const shirts = parseJsonObject(record.shirt_size, "shirt_size", log);
  return {
    id: Number(record.id),
    name: response.name,
    email: typeof record.email === "string" ? record.email : "",
    rows: summaryRowsOf(rows).map((row) => [row.label, row.value({ record, response, shirts })]),
    availableDates: windows.filter((label) => response.availability[label]),
    previousEdition: {
      heading: previousEditionHeading(names),
      attended: answer(record.sgw24_attendee),
      concerns: text(record.sgw24_concerns),
      suggestions: text(record.sgw25_suggestions),
      ...(privateHidden
        ? { dontWannaSee: PRIVATE_ANSWER_HIDDEN, dontWannaSeeHidden: true as const }
        : { dontWannaSee: text(record.sgw25_dont_wanna_see) }),
    },
  };
}
