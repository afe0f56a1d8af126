import { isNo, isYes, type DerivedResponse, type ResponseRecord } from "~/features/results/lib/results";
import type { SurveyKey } from "~/features/survey/lib/survey-questions";

/** What a summary row reads: the stored record, its derived answers and its shirt sizes. */
export type SummaryInput = {
  record: ResponseRecord;
  response: DerivedResponse;
  shirts: Record<string, unknown>;
};

/** One row of a /results-summary card and the same-named column of the surveys CSV. */
export type SummaryRow = { label: string; value: (input: SummaryInput) => string };

export const NOT_ANSWERED = "Not answered";

/** A yes/no question's answer in its own words; a blank or unknown answer is not a "No". */
export function answer(value: unknown, labels: [string, string] = ["Yes", "No"]) {
  if (isYes(value)) return labels[0];
  if (isNo(value)) return labels[1];
  return NOT_ANSWERED;
}

const yesNo = (flag: boolean) => (flag ? "Yes" : "No");

function capitalised(value: unknown) {
  if (typeof value !== "string" || !value.trim()) return NOT_ANSWERED;
  const text = value.trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const size = (value: unknown) =>
  typeof value === "string" && value.trim() ? value.trim().toUpperCase() : NOT_ANSWERED;

const EXTENSION_LABELS: Record<string, string> = {
  beginning: "Start Earlier",
  end: "End Later",
  both: "Start Earlier & End Later",
  no: "No",
};

/**
 * The summary's rows of each survey question, keyed by the survey definition's keys (server-only:
 * the browser never formats a summary). A new question without an entry here does not compile;
 * `[]` says it has no row. The entries' order is the spec's order of the rows and CSV columns.
 */
export const SUMMARY_ROWS = {
  attending: [{ label: "Attending", value: ({ record }) => capitalised(record.attending) }],
  sgw_extension: [
    {
      label: "Wants To Extend",
      value: ({ record }) =>
        EXTENSION_LABELS[typeof record.sgw_extension === "string" ? record.sgw_extension : ""] ??
        NOT_ANSWERED,
    },
  ],
  countries: [
    {
      label: "OK Countries",
      value: ({ response }) =>
        [response.visit_usa && "USA", response.visit_canada && "Canada", response.visit_mexico && "Mexico"]
          .filter(Boolean)
          .join(", ") || "None",
    },
  ],
  previous_locale: [{ label: "Previous Locale", value: ({ record }) => answer(record.previous_locale) }],
  sober: [{ label: "Sober", value: ({ record }) => answer(record.sober) }],
  extra_guests: [
    { label: "Bringing Boo", value: ({ response }) => yesNo(response.plus_boo) },
    { label: "Bringing Kid", value: ({ response }) => yesNo(response.plus_child) },
  ],
  share_room: [{ label: "Will Share Room", value: ({ record }) => answer(record.share_room) }],
  fate_change: [
    { label: "Would Change Fate", value: ({ record }) => answer(record.fate_change, ["Aye", "Nay"]) },
  ],
  shirt_size: [
    {
      label: "Shirt Sizes",
      value: ({ response, shirts }) =>
        [
          `Self: ${size(shirts.self)}`,
          response.plus_boo ? `Boo: ${size(shirts.boo)}` : "",
          response.plus_child ? `Kid: ${size(shirts.child)}` : "",
        ]
          .filter(Boolean)
          .join(", "),
    },
  ],
  // Shown elsewhere on the card: the name as its title, the weekends as a list, the rest in the
  // previous edition's block.
  name: [],
  availability: [],
  sgw24_attendee: [],
  sgw24_concerns: [],
  sgw25_suggestions: [],
  sgw25_dont_wanna_see: [],
} satisfies Record<SurveyKey, readonly SummaryRow[]>;

/** Summary rows by question key: the definition's, or one with a question added (a test's). */
export type SummaryRowsByKey = Readonly<Record<string, readonly SummaryRow[]>>;

/** The rows of a card, in order; the surveys CSV's columns are their labels. */
export function summaryRowsOf(byKey: SummaryRowsByKey = SUMMARY_ROWS): SummaryRow[] {
  return Object.values(byKey).flat();
}
