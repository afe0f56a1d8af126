import {
  deriveResponse,
  isCounted,
  isNo,
  isYes,
  parseJsonObject,
  type Log,
  type ResponseRecord,
} from "~/features/results/lib/results";
import { PRIVATE_ANSWER_HIDDEN } from "~/features/survey/lib/private-answer";
import { WINDOWS } from "~/features/editions/lib/weekends";

/** One respondent's card on /results-summary, ready to print. */
export type SummaryCard = {
  id: number;
  name: string;
  email: string;
  rows: Array<[string, string]>;
  /** Available windows in chronological order. */
  availableDates: string[];
  /**
   * `attended` is "Yes", "No" or "Not answered". `dontWannaSeeHidden`: the reader may not read that
   * answer (organisers and its author only), so `dontWannaSee` says so instead.
   */
  orlando: {
    attended: string;
    concerns: string;
    suggestions: string;
    dontWannaSee: string;
    dontWannaSeeHidden?: true;
  };
};

const NOT_ANSWERED = "Not answered";

const EXTENSION_LABELS: Record<string, string> = {
  beginning: "Start Earlier",
  end: "End Later",
  both: "Start Earlier & End Later",
  no: "No",
};

/** A yes/no question's answer in its own words; a blank or unknown answer is not a "No". */
function answer(value: unknown, labels: [string, string] = ["Yes", "No"]) {
  if (isYes(value)) return labels[0];
  if (isNo(value)) return labels[1];
  return NOT_ANSWERED;
}

function yesNo(flag: boolean) {
  return flag ? "Yes" : "No";
}

function capitalised(value: unknown, fallback: string) {
  if (typeof value !== "string" || !value.trim()) return fallback;
  const text = value.trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function size(value: unknown) {
  return typeof value === "string" && value.trim() ? value.trim().toUpperCase() : NOT_ANSWERED;
}

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

export function summaryCard(
  answers: ResponseRecord,
  log?: Log,
  windows: readonly string[] = WINDOWS,
  { privateHidden = false }: { privateHidden?: boolean } = {},
): SummaryCard {
  // The review hides the details block for a "no" (spec section 2); the summary does not count it.
  const record = isCounted(answers.attending) ? answers : { ...answers, ...DETAILS_UNANSWERED };
  const response = deriveResponse(record, log);
  const countries = [
    response.visit_usa && "USA",
    response.visit_canada && "Canada",
    response.visit_mexico && "Mexico",
  ].filter(Boolean);
  const shirts = parseJsonObject(record.shirt_size, "shirt_size", log);
  const shirtSizes = [
    `Self: ${size(shirts.self)}`,
    response.plus_boo ? `Boo: ${size(shirts.boo)}` : "",
    response.plus_child ? `Kid: ${size(shirts.child)}` : "",
  ].filter(Boolean);
  const extension = typeof record.sgw_extension === "string" ? record.sgw_extension : "";
  return {
    id: Number(record.id),
    name: response.name,
    email: typeof record.email === "string" ? record.email : "",
    rows: [
      ["Attending", capitalised(record.attending, NOT_ANSWERED)],
      ["Wants To Extend", EXTENSION_LABELS[extension] ?? NOT_ANSWERED],
      ["OK Countries", countries.length ? countries.join(", ") : "None"],
      ["Previous Locale", answer(record.previous_locale)],
      ["Sober", answer(record.sober)],
      ["Bringing Boo", yesNo(response.plus_boo)],
      ["Bringing Kid", yesNo(response.plus_child)],
      ["Will Share Room", answer(record.share_room)],
      ["Would Change Fate", answer(record.fate_change, ["Aye", "Nay"])],
      ["Shirt Sizes", shirtSizes.join(", ")],
    ],
    availableDates: windows.filter((label) => response.availability[label]),
    orlando: {
      attended: answer(record.sgw24_attendee),
      concerns: text(record.sgw24_concerns),
      suggestions: text(record.sgw25_suggestions),
      ...(privateHidden
        ? { dontWannaSee: PRIVATE_ANSWER_HIDDEN, dontWannaSeeHidden: true as const }
        : { dontWannaSee: text(record.sgw25_dont_wanna_see) }),
    },
  };
}
