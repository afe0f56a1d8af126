import {
  SLIDERS,
  formCountry,
  type HouseFormValues,
  type SliderName,
} from "~/features/houses/lib/house-rules";
import { COUNTRY_CHOICES, isStateOf, type CountryChoice } from "~/platform/lib/states";

/** The spec's words when a suggestion could not be saved. */
export const SUBMIT_FAILED = "Something went wrong when submitting the house.";

/** Everything the suggest form posts, as text (the way a browser sends it). */
export type SuggestFormValues = HouseFormValues & Record<SliderName, string>;

const SLIDER_NAMES = Object.keys(SLIDERS) as SliderName[];
const TEXT_FIELDS = ["url", "title", "listing_img", "otherCountry", "city", "state"] as const;

export function emptySuggestForm(): SuggestFormValues {
  return {
    url: "",
    title: "",
    listing_img: "",
    countryChoice: "USA",
    otherCountry: "",
    city: "",
    state: "",
    num_bedrooms: String(SLIDERS.num_bedrooms.initial),
    num_beds: String(SLIDERS.num_beds.initial),
    num_baths: String(SLIDERS.num_baths.initial),
  };
}

function countryChoice(value: unknown): CountryChoice {
  return COUNTRY_CHOICES.find((choice) => choice === value) ?? "USA";
}

/** The posted form as text, every field present, so an error can show back exactly what was sent. */
export function readSuggestForm(form: Record<string, unknown>): SuggestFormValues {
  const values = emptySuggestForm();
  for (const field of TEXT_FIELDS) {
    if (typeof form[field] === "string") values[field] = (form[field] as string).slice(0, 2000);
  }
  for (const name of SLIDER_NAMES) {
    if (typeof form[name] === "string") values[name] = (form[name] as string).slice(0, 10);
  }
  values.countryChoice = countryChoice(form.countryChoice);
  return values;
}

/** The form in the shape the shared house schema (and POST /api/houses) reads. */
export function toHouseInput(values: SuggestFormValues) {
  return {
    url: values.url,
    title: values.title,
    listing_img: values.listing_img,
    city: values.city,
    country: formCountry(values),
    // The state select does not apply to other countries, whatever it still holds without JS.
    state: values.countryChoice === "Other" ? "" : values.state,
    num_bedrooms: values.num_bedrooms,
    num_beds: values.num_beds,
    num_baths: values.num_baths,
  };
}

/** The values a successful suggestion keeps (country, state, sliders), as a query string for the redirect. */
export function keptQuery(values: SuggestFormValues, addedId: number) {
  const kept = new URLSearchParams({ added: String(addedId), countryChoice: values.countryChoice });
  if (values.countryChoice === "Other") kept.set("otherCountry", values.otherCountry.trim());
  else kept.set("state", values.state);
  for (const name of SLIDER_NAMES) kept.set(name, values[name]);
  return kept.toString();
}

/**
 * Everything typed so far, as a query string: a member whose session ended mid-suggestion logs in
 * again and comes back to the form as they left it.
 */
export function draftQuery(values: SuggestFormValues) {
  const draft = new URLSearchParams();
  for (const field of ["url", "title", "listing_img", "city"] as const) {
    if (values[field]) draft.set(field, values[field]);
  }
  draft.set("countryChoice", values.countryChoice);
  if (values.countryChoice === "Other") draft.set("otherCountry", values.otherCountry);
  else draft.set("state", values.state);
  for (const name of SLIDER_NAMES) draft.set(name, values[name]);
  return draft.toString();
}

function keptSlider(name: SliderName, raw: string | null) {
  const { min, max, step, initial } = SLIDERS[name];
  const value = Number(raw);
  const ok = raw !== null && raw !== "" && value >= min && value <= max && Number.isInteger(value / step);
  return String(ok ? value : initial);
}

/** Reads kept (or drafted) values back from the query string, quietly falling back to defaults for junk. */
export function readKeptValues(params: URLSearchParams): SuggestFormValues {
  const values = emptySuggestForm();
  for (const field of ["url", "title", "listing_img", "city"] as const) {
    values[field] = (params.get(field) ?? "").slice(0, 2000);
  }
  values.countryChoice = countryChoice(params.get("countryChoice"));
  if (values.countryChoice === "Other") {
    values.otherCountry = (params.get("otherCountry") ?? "").slice(0, 80);
  } else {
    const state = params.get("state") ?? "";
    values.state = isStateOf(values.countryChoice, state) ? state : "";
  }
  for (const name of SLIDER_NAMES) values[name] = keptSlider(name, params.get(name));
  return values;
}

/**
 * What the suggest form still lacks before it may be sent, in the words shown beside its Submit
 * (the spec: Submit is disabled until the listing URL, title, country, city and image are filled
 * and a state is chosen or the country is Other). Only filled-in counts: whether a value is valid
 * is the server's answer, as for every form.
 */
export function stillNeeded(values: SuggestFormValues): string[] {
  const filled = (value: string) => value.trim() !== "";
  const missing: string[] = [];
  if (!filled(values.url)) missing.push("the listing URL");
  if (!filled(values.title)) missing.push("a title");
  if (!filled(values.listing_img)) missing.push("an image URL");
  if (values.countryChoice === "Other" && !filled(values.otherCountry)) missing.push("the country name");
  if (!filled(values.city)) missing.push("the city");
  if (values.countryChoice !== "Other" && !filled(values.state)) missing.push("a state or province");
  return missing;
}
