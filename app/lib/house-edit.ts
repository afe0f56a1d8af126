import type { HouseRecord } from "./house-rules";
import { countryChoiceOf } from "./states";
import type { SuggestFormValues } from "./suggest-form";

/** A stored house as the suggest form's values, so the organiser edits it with the same fields. */
export function houseFormValues(house: HouseRecord): SuggestFormValues {
  const countryChoice = countryChoiceOf(house.country);
  return {
    url: house.url,
    title: house.title,
    listing_img: house.listing_img,
    countryChoice,
    otherCountry: countryChoice === "Other" ? house.country : "",
    city: house.city,
    state: countryChoice === "Other" ? "" : house.state,
    num_bedrooms: String(house.num_bedrooms),
    num_beds: String(house.num_beds),
    num_baths: String(house.num_baths),
  };
}
