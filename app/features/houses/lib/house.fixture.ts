/** A house suggestion as a member's client sends it, for the tests of the house rules and /api/houses. */
export const SUGGESTION = {
  url: "airbnb.com/rooms/1?x=y",
  title: "Lake house",
  city: "Tahoe",
  state: "CA",
  country: "USA",
  num_bedrooms: 8,
  num_beds: 10,
  num_baths: 4.5,
  listing_img: "https://example.com/IMG.JPG?w=1",
};
