import { toCsv } from "~/platform/lib/csv";
import { DEFAULT_EVENT_SETTINGS } from "~/features/season/lib/event-settings";
import { eachText } from "~/features/houses/lib/money";
import { minorToText } from "~/platform/lib/amount";
import type { HouseRecord, VoteCounts } from "~/features/houses/lib/house-rules";
import type { ResponseRecord } from "~/features/results/lib/results";
import { summaryCard } from "~/features/results/lib/results-summary";
import { summaryRowsOf, type SummaryRowsByKey } from "~/features/results/lib/summary-rows";
import { SGW25_NAMES, type EditionNames } from "~/features/survey/lib/survey-questions";

/** The complete survey table: the /results-summary fields, one row per response, in the edition's words. */
export function surveysCsv(
  records: readonly ResponseRecord[],
  windows?: readonly string[],
  names: EditionNames = SGW25_NAMES,
  rows?: SummaryRowsByKey,
): string {
  const header = [
    "Name",
    "Email",
    // The card's rows by their labels: the same words as /results-summary, by construction.
    ...summaryRowsOf(rows).map((row) => row.label),
    "Available Weekends",
    `Attended ${names.previous}`,
    `${names.previous} Concerns`,
    `${names.current} Suggestions`,
    "Does Not Want To See",
  ];
  const lines = records.map((record) => {
    const card = summaryCard(record, { windows, names, rows });
    return [
      card.name,
      card.email,
      ...card.rows.map(([, value]) => value),
      card.availableDates.length ? card.availableDates.join("; ") : "No availability specified",
      card.previousEdition.attended,
      card.previousEdition.concerns,
      card.previousEdition.suggestions,
      card.previousEdition.dontWannaSee,
    ];
  });
  return toCsv(header, lines);
}

/** A house as exported: the spec's House entity; the photo is left out of the table. */
type CsvHouse = Omit<HouseRecord, "listing_img" | "priceMinor" | "currency"> &
  Partial<Pick<HouseRecord, "priceMinor" | "currency">>;

/** Every house with its vote counts, and its price with an estimate per person when it has one. */
export function housesCsv(
  houses: readonly CsvHouse[],
  counts: Record<number, VoteCounts>,
  expected: { expectedMin: number; expectedMax: number } = DEFAULT_EVENT_SETTINGS,
): string {
  const header = [
    "Title",
    "City",
    "State",
    "Country",
    "Bedrooms",
    "Beds",
    "Baths",
    "Listing",
    "In Play",
    "Previous House",
    "Year",
    "Suggested By",
    "Loves",
    "Likes",
    "Dislikes",
    "Price",
    "Currency",
    "Each",
  ];
  const rows = houses.map((house) => {
    const votes = counts[house.id] ?? { love: 0, like: 0, dislike: 0 };
    return [
      house.title,
      house.city,
      house.state,
      house.country,
      house.num_bedrooms,
      house.num_beds,
      house.num_baths,
      house.url,
      house.in_play,
      house.previous_house,
      house.previous_house_year,
      house.who_suggested,
      votes.love,
      votes.like,
      votes.dislike,
      house.priceMinor == null ? "" : minorToText(house.priceMinor, house.currency ?? "USD"),
      house.priceMinor == null ? "" : (house.currency ?? "USD"),
      eachText({ priceMinor: house.priceMinor ?? null, currency: house.currency ?? "USD" }, expected),
    ];
  });
  return toCsv(header, rows);
}
