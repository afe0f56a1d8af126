import { deriveResponse, isYes, parseJsonObject, type Log, type ResponseRecord } from "./results";
import { WINDOWS } from "./weekends";

/** One respondent's card on /results-summary, ready to print. */
export type SummaryCard = {
  id: number;
  name: string;
  email: string;
  rows: Array<[string, string]>;
  /** Available windows in chronological order. */
  availableDates: string[];
  orlando: { attended: boolean; concerns: string; suggestions: string; dontWannaSee: string };
};

const EXTENSION_LABELS: Record<string, string> = {
  beginning: "Start Earlier",
  end: "End Later",
  both: "Start Earlier & End Later",
  no: "No",
};

function yesNo(flag: boolean, labels: [string, string] = ["Yes", "No"]) {
  return flag ? labels[0] : labels[1];
}

function capitalised(value: unknown, fallback: string) {
  if (typeof value !== "string" || !value.trim()) return fallback;
  const text = value.trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function size(value: unknown) {
  return typeof value === "string" && value.trim() ? value.trim().toUpperCase() : "Not given";
}

function text(value: unknown) {
  return (typeof value === "string" && value.trim()) || "None specified";
}

export function summaryCard(record: ResponseRecord, log?: Log): SummaryCard {
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
      ["Attending", capitalised(record.attending, "Not answered")],
      ["Wants To Extend", EXTENSION_LABELS[extension] ?? "Not answered"],
      ["OK Countries", countries.length ? countries.join(", ") : "None"],
      ["Previous Locale", yesNo(response.previous_locale_yes)],
      ["Sober", yesNo(response.sober_yes)],
      ["Bringing Boo", yesNo(response.plus_boo)],
      ["Bringing Kid", yesNo(response.plus_child)],
      ["Will Share Room", yesNo(response.share_room_yes)],
      ["Would Change Fate", yesNo(response.fate_change_aye, ["Aye", "Nay"])],
      ["Shirt Sizes", shirtSizes.join(", ")],
    ],
    availableDates: WINDOWS.filter((label) => response.availability[label]),
    orlando: {
      attended: isYes(record.sgw24_attendee),
      concerns: text(record.sgw24_concerns),
      suggestions: text(record.sgw25_suggestions),
      dontWannaSee: text(record.sgw25_dont_wanna_see),
    },
  };
}

/** Case-insensitive match on name or e-mail, the same rule the server's query applies. */
export function matchesSearch(card: Pick<SummaryCard, "name" | "email">, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return card.name.toLowerCase().includes(needle) || card.email.toLowerCase().includes(needle);
}
