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

/** The same kind of suggestion as the /houses-suggest form posts it (every value a string). */
export const SUGGEST_FORM = {
  url: "airbnb.com/rooms/5?x=1",
  title: "Cabin",
  listing_img: "https://example.com/a.png",
  countryChoice: "USA",
  otherCountry: "",
  city: "Tahoe",
  state: "CA",
  num_bedrooms: "9",
  num_beds: "12",
  num_baths: "3.5",
};
