import { toMajor } from "~/platform/lib/amount";
import { countryChoiceOf, type CountryChoice } from "~/platform/lib/countries";

export const IMAGE_URL_ERROR = "Image URL must end with .png, .jpg, or .jpeg";
export const LISTING_URL_ERROR = "Listing URL must be an http:// or https:// link";
/** The spec's House entity: what pages and the API show (no internal columns). */
export type HouseRecord = {
  id: number;
  url: string;
  title: string;
  city: string;
  state: string;
  country: string;
  num_bedrooms: number;
  num_beds: number;
  num_baths: number;
  listing_img: string;
  in_play: boolean;
  previous_house: boolean;
  previous_house_year: number | null;
  who_suggested: string;
  /** The price of the whole stay in minor units of `currency`; null when unknown. */
  priceMinor: number | null;
  currency: string;
};

export const PLACEHOLDER_IMAGE = "/images/house-placeholder.svg";

/** The spec's slider bounds and defaults. */
export const SLIDERS = {
  num_bedrooms: { label: "Bedrooms", min: 4, max: 15, step: 1, initial: 8 },
  num_beds: { label: "Beds", min: 6, max: 15, step: 1, initial: 10 },
  num_baths: { label: "Bathrooms", min: 2, max: 8, step: 0.5, initial: 4 },
} as const;
export type SliderName = keyof typeof SLIDERS;

// A colon followed by digits is a port ("airbnb.com:443/..."), not a scheme.
const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;

/** Trims and adds https:// when the text has no scheme; undefined unless the result is an http(s) URL. */
function toWebUrl(raw: string): URL | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  const withScheme = SCHEME.test(text) ? text : `https://${text.replace(/^\/+/, "")}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (!url.hostname) return undefined;
  return url;
}

/**
 * The spec's listing URL normalisation: trimmed, https:// when there is no scheme, www. for airbnb
 * hosts, query string removed. Only http and https survive (no `javascript:` or `data:` links).
 */
export function normaliseListingUrl(raw: string): string | undefined {
  const url = toWebUrl(raw);
  if (!url) return undefined;
  if (/^airbnb\.[a-z.]+$/i.test(url.hostname)) url.hostname = `www.${url.hostname}`;
  url.search = "";
  return url.toString();
}

/** An image URL as stored: trimmed, https:// when there is no scheme, http(s) only; the query stays. */
export function normaliseImageUrl(raw: string): string | undefined {
  return toWebUrl(raw)?.toString();
}

/**
 * The spec's image check: after the query string, the URL must end with .png, .jpg or .jpeg (any
 * case). An empty URL passes here; the form's completeness rule is what requires one.
 */
export function imageUrlError(raw: string): string | undefined {
  const path = raw.trim().split(/[?#]/)[0];
  if (!path) return undefined;
  return /\.(png|jpe?g)$/i.test(path) ? undefined : IMAGE_URL_ERROR;
}

export type HouseFormValues = {
  url: string;
  title: string;
  listing_img: string;
  countryChoice: CountryChoice;
  otherCountry: string;
  city: string;
  state: string;
};

/** The country the form stands for: the choice, or the free text when the choice is Other. */
export function formCountry(values: Pick<HouseFormValues, "countryChoice" | "otherCountry">) {
  return values.countryChoice === "Other" ? values.otherCountry.trim() : values.countryChoice;
}

export type HouseSummary = {
  title: string;
  city: string;
  state: string;
  country: string;
  in_play: boolean;
  previous_house: boolean;
  previous_house_year: number | null;
};

const COUNTRY_RANK: Record<CountryChoice, number> = { USA: 0, Canada: 1, Mexico: 2, Other: 3 };
// One collator for every comparison: localeCompare with options builds a new one on each call.
const byText = new Intl.Collator("en", { sensitivity: "base" }).compare;

const COUNTRY_NAMES: Record<string, string> = {
  usa: "USA",
  us: "USA",
  "united states": "USA",
  "united states of america": "USA",
  america: "USA",
  canada: "Canada",
  mexico: "Mexico",
  méxico: "Mexico",
};

/**
 * One spelling per country, so 'United States', 'U.S.A.' and 'usa' are one group:
 * the three listed countries get their list names, any other is only trimmed.
 */
export function normaliseCountry(country: string): string {
  const trimmed = country.trim().replace(/\s+/g, " ");
  const key = trimmed.toLowerCase().replace(/\./g, "").replace(/\s+/g, " ").trim();
  return COUNTRY_NAMES[key] ?? trimmed;
}

/** New houses: USA (or United States) first, then Canada, then Mexico, then others A-Z; then state, then city. */
export function sortNewHouses<T extends HouseSummary>(houses: T[]): T[] {
  // Normalised on read too: rows stored before normalisation still sort with their country.
  const country = (house: HouseSummary) => normaliseCountry(house.country);
  return [...houses].sort((a, b) => {
    const rank = COUNTRY_RANK[countryChoiceOf(country(a))] - COUNTRY_RANK[countryChoiceOf(country(b))];
    if (rank !== 0) return rank;
    return byText(country(a), country(b)) || byText(a.state, b.state) || byText(a.city, b.city);
  });
}

/** Previous houses: most recent year first; houses without a year last. */
export function sortOldHouses<T extends HouseSummary>(houses: T[]): T[] {
  return [...houses].sort(
    (a, b) => (b.previous_house_year ?? -Infinity) - (a.previous_house_year ?? -Infinity),
  );
}

/** The two grids: houses in play that are new, and houses in play that are previous SGW houses. */
export function splitHouses<T extends HouseSummary>(houses: readonly T[]) {
  const inPlay = houses.filter((house) => house.in_play);
  return {
    newHouses: sortNewHouses(inPlay.filter((house) => !house.previous_house)),
    oldHouses: sortOldHouses(inPlay.filter((house) => house.previous_house)),
  };
}

/**
 * The two grids with the chosen house, while in play, leading the first one (whichever grid it came
 * from): a member opening /houses sees at once which house it is.
 */
export function splitHousesChosenFirst<T extends HouseSummary & { id: number }>(
  houses: readonly T[],
  chosenId: number | null,
) {
  const { newHouses, oldHouses } = splitHouses(houses);
  const chosen = [...newHouses, ...oldHouses].find((house) => house.id === chosenId);
  if (!chosen) return { newHouses, oldHouses, chosen: undefined };
  return {
    newHouses: [chosen, ...newHouses.filter((house) => house !== chosen)],
    oldHouses: oldHouses.filter((house) => house !== chosen),
    chosen,
  };
}

/** "City, ST, Country"; the new-houses grid leaves out the country for the USA. */
export function placeLabel(house: Pick<HouseSummary, "city" | "state" | "country">, omitUsa: boolean) {
  const country = normaliseCountry(house.country);
  const showCountry = !(omitUsa && countryChoiceOf(country) === "USA");
  return [house.city, house.state, showCountry ? country : ""]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

/** The previous-house wording, with the event's short name. */
export function previousHouseLabel(year: number) {
  return `The ${year} SGW House`;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export function roomsSummary(house: { num_bedrooms: number; num_beds: number; num_baths: number }) {
  return [
    plural(house.num_bedrooms, "bedroom"),
    plural(house.num_beds, "bed"),
    plural(house.num_baths, "bath"),
  ].join(" · ");
}

/** A stored link as an href, but only when it is http(s): old rows are never trusted blindly. */
export function safeListingHref(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

export const VOTE_CHOICES = ["love", "like", "dislike"] as const;
export type VoteChoice = (typeof VOTE_CHOICES)[number];
export type VoteCounts = Record<VoteChoice, number>;
export const NO_VOTES: VoteCounts = { love: 0, like: 0, dislike: 0 };

/** The counts as they will be once the member's vote moves from `from` to `to` (optimistic UI). */
export function applyVote(counts: VoteCounts, from: VoteChoice | undefined, to: VoteChoice): VoteCounts {
  if (from === to) return counts;
  const next = { ...counts, [to]: counts[to] + 1 };
  if (from) next[from] = Math.max(0, next[from] - 1);
  return next;
}

/** A listing URL as compared for duplicates: no fragment, no trailing slash, any case. */
export function listingKey(url: string): string {
  return url.replace(/#.*$/, "").replace(/\/+$/, "").toLowerCase();
}

/** The word for a listing that is already on the list, naming the house it belongs to. */
export function duplicateListingMessage(house: { title: string; in_play: boolean }) {
  return house.in_play
    ? `That listing is already on the list as “${house.title}”.`
    : `That listing was suggested before as “${house.title}”, which the organisers took out of play.`;
}

/** Why the chosen house keeps its place: /sgw25 and the calendar file name it. */
export const chosenOutOfPlayMessage = (title: string, shortName = "SGW25") =>
  `${title} is the chosen house for ${shortName}: unchoose it on the organiser page before taking it out of play.`;

export const chooseOutOfPlayMessage = (title: string) =>
  `${title} is out of play: bring it back into play before choosing it.`;

/** A vote on a house the organisers took out of play: its counts stay as they were when it left. */
export const OUT_OF_PLAY_VOTE = "This house is out of play: votes on it are closed.";

/** A house as the /api contract writes it: the price in major units (849.99), null when unknown. */
export function houseForApi({ priceMinor, currency, ...house }: HouseRecord) {
  return { ...house, price: priceMinor === null ? null : toMajor(priceMinor, currency), currency };
}
