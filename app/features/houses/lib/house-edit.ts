import type { HouseRecord } from "~/features/houses/lib/house-rules";
import { countryChoiceOf } from "~/platform/lib/states";
import type { SuggestFormValues } from "~/features/houses/lib/suggest-form";

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
