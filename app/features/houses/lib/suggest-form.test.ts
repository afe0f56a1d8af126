import { describe, expect, it } from "vitest";
import { houseInputSchema } from "~/features/houses/lib/house-schema";
import {
  draftQuery,
  emptySuggestForm,
  keptQuery,
  readKeptValues,
  readSuggestForm,
  stillNeeded,
  toHouseInput,
} from "~/features/houses/lib/suggest-form";

describe("suggest form values", () => {
  it("starts with the spec's defaults: USA, 8 bedrooms, 10 beds, 4 baths", () => {
    expect(emptySuggestForm()).toMatchObject({
      countryChoice: "USA",
      num_bedrooms: "8",
      num_beds: "10",
      num_baths: "4",
    });
  });

  it("reads a posted form, ignoring unknown countries and fields", () => {
    const values = readSuggestForm({ title: "Cabin", countryChoice: "Narnia", extra: "x", num_baths: "2.5" });
    expect(values).toMatchObject({ title: "Cabin", countryChoice: "USA", num_baths: "2.5", url: "" });
    expect(values).not.toHaveProperty("extra");
  });

  it("turns Other into the free-text country and drops the state", () => {
    const values = {
      ...emptySuggestForm(),
      countryChoice: "Other" as const,
      otherCountry: " France ",
      state: "NY",
    };
    expect(toHouseInput(values)).toMatchObject({ country: "France", state: "" });
  });

  it("feeds the shared schema", () => {
    const values = {
      ...emptySuggestForm(),
      url: "airbnb.com/rooms/1?x=y",
      title: "Cabin",
      listing_img: "https://example.com/a.png",
      city: "Tahoe",
      state: "CA",
    };
    expect(houseInputSchema.parse(toHouseInput(values))).toMatchObject({
      num_bedrooms: 8,
      num_baths: 4,
      state: "CA",
    });
  });

  it("keeps country, state and sliders across the redirect, and nothing else", () => {
    const values = {
      ...emptySuggestForm(),
      title: "Cabin",
      url: "x",
      countryChoice: "Canada" as const,
      state: "BC",
      num_beds: "12",
    };
    const query = keptQuery(values, 7);
    const params = new URLSearchParams(query);
    expect(params.get("added")).toBe("7");
    expect(params.has("title")).toBe(false);
    expect(readKeptValues(params)).toEqual({
      ...emptySuggestForm(),
      countryChoice: "Canada",
      state: "BC",
      num_beds: "12",
    });
  });

  it("falls back to defaults for tampered kept values", () => {
    const params = new URLSearchParams({
      countryChoice: "Mexico",
      state: "NY",
      num_bedrooms: "99",
      num_baths: "2.25",
    });
    expect(readKeptValues(params)).toMatchObject({
      countryChoice: "Mexico",
      state: "",
      num_bedrooms: "8",
      num_baths: "4",
    });
  });

  it("round-trips a whole draft through the query string", () => {
    const values = {
      ...emptySuggestForm(),
      url: "https://x.example/a",
      title: "Barn & Loft",
      listing_img: "https://x.example/a.jpg",
      city: "Bend",
      state: "OR",
      num_baths: "2.5",
    };
    expect(readKeptValues(new URLSearchParams(draftQuery(values)))).toEqual(values);
  });
});

describe("stillNeeded: the words beside the suggest form's Submit", () => {
  const complete = {
    ...emptySuggestForm(),
    url: "airbnb.com/rooms/1",
    title: "Lake House",
    listing_img: "https://example.com/a.jpg",
    city: "Lake Placid",
    state: "NY",
  };

  it("names every empty required field, in the form's order", () => {
    expect(stillNeeded(emptySuggestForm())).toEqual([
      "the listing URL",
      "a title",
      "an image URL",
      "the city",
      "a state or province",
    ]);
  });

  it("is empty once every required field is filled; spaces alone do not count", () => {
    expect(stillNeeded(complete)).toEqual([]);
    expect(stillNeeded({ ...complete, city: "   " })).toEqual(["the city"]);
  });

  it("asks for the country's name, not a state, when the country is Other", () => {
    const other = { ...complete, countryChoice: "Other" as const, state: "" };
    expect(stillNeeded(other)).toEqual(["the country name"]);
    expect(stillNeeded({ ...other, otherCountry: "Iceland" })).toEqual([]);
  });
});
