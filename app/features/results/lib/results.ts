import { WINDOWS } from "~/features/season/lib/weekends";

/**
 * A survey response as the results read it. The spec allows availability, countries and
 * extra_guests to arrive as objects or as JSON strings, flat visit_* booleans next to countries, and
 * yes/no answers as true/false, so nothing about a record's shape is trusted.
 */
export type ResponseRecord = Record<string, unknown>;

export type Log = (message: string) => void;

const warn: Log = (message) => console.warn(message);

/** The spec's derived flags plus the normalised maps every view needs. */
export type DerivedResponse = {
  name: string;
  attending: string;
  availability: Record<string, boolean>;
  extend_beginning: boolean;
  extend_end: boolean;
  extend_both: boolean;
  /** The "no" answer itself: an unanswered extension is in no slice. */
  extend_none: boolean;
  visit_usa: boolean;
  visit_canada: boolean;
  visit_mexico: boolean;
  plus_boo: boolean;
  plus_child: boolean;
  previous_locale_yes: boolean;
  sober_yes: boolean;
  share_room_yes: boolean;
  fate_change_aye: boolean;
  previous_locale_no: boolean;
  sober_no: boolean;
  share_room_no: boolean;
  fate_change_nay: boolean;
};

/** An object field that may be stored as a JSON string; anything unreadable counts as empty. */
export function parseJsonObject(value: unknown, field: string, log: Log = warn): Record<string, unknown> {
  let parsed = value;
  if (typeof value === "string") {
    if (!value.trim()) return {};
    try {
      parsed = JSON.parse(value);
    } catch {
      log(`Results: could not parse ${field}; treating it as empty`);
      return {};
    }
  }
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    return parsed as Record<string, unknown>;
  }
  if (parsed !== null && parsed !== undefined)
    log(`Results: ${field} is not an object; treating it as empty`);
  return {};
}

/** A ticked box: JSON true, or the string "true" a form or an old client may have stored. */
export function isTicked(value: unknown): boolean {
  return value === true || value === "true";
}

/** A yes/aye answer, which the spec says may also be shown as true. */
export function isYes(value: unknown): boolean {
  if (value === true) return true;
  return typeof value === "string" && ["yes", "aye", "true"].includes(value.trim().toLowerCase());
}

/** A no/nay answer (or false). Neither yes nor no is unanswered, which no chart counts. */
export function isNo(value: unknown): boolean {
  if (value === false) return true;
  return typeof value === "string" && ["no", "nay", "false"].includes(value.trim().toLowerCase());
}

/** Only respondents who said yes or maybe count in the charts. */
export function isCounted(attending: unknown): boolean {
  return attending === "yes" || attending === "maybe";
}

export function displayName(name: unknown): string {
  return (typeof name === "string" && name.trim()) || "User";
}

export function deriveResponse(record: ResponseRecord, log: Log = warn): DerivedResponse {
  const availabilityMap = parseJsonObject(record.availability, "availability", log);
  const countries = parseJsonObject(record.countries, "countries", log);
  const guests = parseJsonObject(record.extra_guests, "extra_guests", log);
  const extension = record.sgw_extension;
  // Guests only come along with someone who is coming (yes or maybe); a "no" keeps none.
  const coming = isCounted(record.attending);
  const availability: Record<string, boolean> = {};
  for (const [label, value] of Object.entries(availabilityMap)) availability[label] = isTicked(value);
  return {
    name: displayName(record.name),
    attending: typeof record.attending === "string" ? record.attending : "",
    availability,
    extend_beginning: extension === "beginning",
    extend_end: extension === "end",
    extend_both: extension === "both",
    extend_none: extension === "no",
    visit_usa: isTicked(countries.usa) || isTicked(record.visit_usa),
    visit_canada: isTicked(countries.canada) || isTicked(record.visit_canada),
    visit_mexico: isTicked(countries.mexico) || isTicked(record.visit_mexico),
    plus_boo: coming && isTicked(guests.boo),
    plus_child: coming && isTicked(guests.child),
    previous_locale_yes: isYes(record.previous_locale),
    sober_yes: isYes(record.sober),
    share_room_yes: isYes(record.share_room),
    fate_change_aye: isYes(record.fate_change),
    previous_locale_no: isNo(record.previous_locale),
    sober_no: isNo(record.sober),
    share_room_no: isNo(record.share_room),
    fate_change_nay: isNo(record.fate_change),
  };
}

/** The raw counts behind the charts; SQL and `tallyResponses` both produce this shape. */
export type Tally = {
  respondents: number;
  /** One count per window of the edition, in order. */
  availability: number[];
  extension: { beginning: number; end: number; both: number; no: number };
  countries: { usa: number; canada: number; mexico: number };
  /** Yes and no answers; unanswered is in neither. */
  previousLocale: YesNo;
  sober: YesNo;
  shareRoom: YesNo;
  fateChange: YesNo;
};

export type YesNo = { yes: number; no: number };

type YesNoKey = "previousLocale" | "sober" | "shareRoom" | "fateChange";

export function emptyTally(windows: readonly string[] = WINDOWS): Tally {
  return {
    respondents: 0,
    availability: windows.map(() => 0),
    extension: { beginning: 0, end: 0, both: 0, no: 0 },
    countries: { usa: 0, canada: 0, mexico: 0 },
    previousLocale: { yes: 0, no: 0 },
    sober: { yes: 0, no: 0 },
    shareRoom: { yes: 0, no: 0 },
    fateChange: { yes: 0, no: 0 },
  };
}

export function tallyResponses(
  records: ResponseRecord[],
  log: Log = warn,
  windows: readonly string[] = WINDOWS,
): Tally {
  const tally = emptyTally(windows);
  for (const record of records) {
    if (!isCounted(record.attending)) continue;
    const response = deriveResponse(record, log);
    tally.respondents += 1;
    windows.forEach((label, index) => {
      if (response.availability[label]) tally.availability[index] += 1;
    });
    tally.extension.beginning += Number(response.extend_beginning);
    tally.extension.end += Number(response.extend_end);
    tally.extension.both += Number(response.extend_both);
    tally.extension.no += Number(response.extend_none);
    tally.countries.usa += Number(response.visit_usa);
    tally.countries.canada += Number(response.visit_canada);
    tally.countries.mexico += Number(response.visit_mexico);
    tally.previousLocale.yes += Number(response.previous_locale_yes);
    tally.previousLocale.no += Number(response.previous_locale_no);
    tally.sober.yes += Number(response.sober_yes);
    tally.sober.no += Number(response.sober_no);
    tally.shareRoom.yes += Number(response.share_room_yes);
    tally.shareRoom.no += Number(response.share_room_no);
    tally.fateChange.yes += Number(response.fate_change_aye);
    tally.fateChange.no += Number(response.fate_change_nay);
  }
  return tally;
}

export function addTallies(a: Tally, b: Tally): Tally {
  const yesNoSum = (key: YesNoKey) => ({
    yes: a[key].yes + b[key].yes,
    no: a[key].no + b[key].no,
  });
  return {
    respondents: a.respondents + b.respondents,
    availability: a.availability.map((count, index) => count + (b.availability[index] ?? 0)),
    extension: {
      beginning: a.extension.beginning + b.extension.beginning,
      end: a.extension.end + b.extension.end,
      both: a.extension.both + b.extension.both,
      no: a.extension.no + b.extension.no,
    },
    countries: {
      usa: a.countries.usa + b.countries.usa,
      canada: a.countries.canada + b.countries.canada,
      mexico: a.countries.mexico + b.countries.mexico,
    },
    previousLocale: yesNoSum("previousLocale"),
    sober: yesNoSum("sober"),
    shareRoom: yesNoSum("shareRoom"),
    fateChange: yesNoSum("fateChange"),
  };
}

/** Percent of `total`, to one decimal as the spec shows it ("0.0" when nobody counts). */
export function percent(count: number, total: number): string {
  return total > 0 ? ((count / total) * 100).toFixed(1) : "0.0";
}

export type Slice = { label: string; count: number; percent: string };

export type ChartKey =
  "availability" | "extension" | "countries" | "previousLocale" | "sober" | "shareRoom" | "fateChange";

export type Chart = { key: ChartKey; title: string; kind: "bar" | "pie"; slices: Slice[] };

function slices(total: number, entries: Array<[string, number]>): Slice[] {
  return entries.map(([label, count]) => ({ label, count, percent: percent(count, total) }));
}

/** A yes/no pie; its percentages are of those who answered that question. */
function yesNoPie(key: YesNoKey, title: string, [yes, no]: [string, string], tally: Tally): Chart {
  const answers = tally[key];
  const pieSlices = slices(answers.yes + answers.no, [
    [yes, answers.yes],
    [no, answers.no],
  ]);
  return { key, title, kind: "pie", slices: pieSlices };
}

/** The seven charts of /results, in the spec's order, with the spec's titles and labels. */
export function buildCharts(tally: Tally, windows: readonly string[] = WINDOWS): Chart[] {
  const total = tally.respondents;
  const { beginning, end, both, no } = tally.extension;
  return [
    {
      key: "availability",
      title: "So When is This Happening?",
      kind: "bar",
      slices: slices(
        total,
        windows.map((label, index) => [label, tally.availability[index] ?? 0]),
      ),
    },
    {
      key: "extension",
      title: "Should SGW Be Longer?",
      kind: "pie",
      slices: slices(beginning + end + both + no, [
        ["Start Earlier", beginning],
        ["End Later", end],
        ["Start Earlier & End Later", both],
        ["God No", no],
      ]),
    },
    {
      key: "countries",
      title: "What Countries Are Folks Cool With?",
      kind: "bar",
      slices: slices(total, [
        ["USA", tally.countries.usa],
        ["Mexico", tally.countries.mexico],
        ["Canada", tally.countries.canada],
      ]),
    },
    yesNoPie("previousLocale", "Should We Revisit Previous Spots?", ["Sure", "Nah"], tally),
    yesNoPie("sober", "Are Folks Okay Staying Sober?", ["Yeah", "No Way"], tally),
    yesNoPie("shareRoom", "Are Peeps Cool With Sharing Rooms?", ["Yep", "Nope"], tally),
    yesNoPie("fateChange", "How Many Would Change Their Fate?", ["Aye", "Nay"], tally),
  ];
}

/** "3 (75.0%)": the count and percent a pie slice or bar is labelled with. */
export function countLabel(slice: Slice): string {
  return `${slice.count} (${slice.percent}%)`;
}

/** The spec's availability chart height: 30 px per week plus 100. */
export function availabilityChartHeight(weeks = WINDOWS.length): number {
  return weeks * 30 + 100;
}

/** The countries chart's axis runs to the highest count plus 2. */
export function countriesAxisMax(chartSlices: Slice[]): number {
  return Math.max(0, ...chartSlices.map((slice) => slice.count)) + 2;
}

/** ' +N' after a name for each boo and/or child coming along. */
export function guestSuffix(response: Pick<DerivedResponse, "plus_boo" | "plus_child">): string {
  const guests = Number(response.plus_boo) + Number(response.plus_child);
  return guests > 0 ? ` +${guests}` : "";
}

export type Attendance = { yes: string[]; maybe: string[]; no: string[] };

/** The Yes / Maybe / Nope columns, names in the order given, each with its ' +N'. */
export function attendanceLists(records: ResponseRecord[], log: Log = warn): Attendance {
  const lists: Attendance = { yes: [], maybe: [], no: [] };
  for (const record of records) {
    const attending = record.attending;
    if (attending !== "yes" && attending !== "maybe" && attending !== "no") continue;
    const response = deriveResponse(record, log);
    lists[attending].push(`${response.name}${guestSuffix(response)}`);
  }
  return lists;
}
