import type { HouseRecord } from "~/features/houses/lib/house-rules";

/** Houses per page on /organiser/houses: a slow phone lays out this many cards well within its budget. */
export const HOUSES_PER_PAGE = 25;

/** What a card and a row show of a house: the loader sends no more (no listing, photo or sizes). */
export function houseRow(house: HouseRecord) {
  return {
    id: house.id,
    title: house.title,
    city: house.city,
    state: house.state,
    country: house.country,
    in_play: house.in_play,
    previous_house: house.previous_house,
    previous_house_year: house.previous_house_year,
    priceMinor: house.priceMinor,
    currency: house.currency,
  };
}
export type HouseRow = ReturnType<typeof houseRow>;
