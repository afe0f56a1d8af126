import { describe, expect, it } from "vitest";
import {
  houseInputErrors,
  houseInputSchema,
  housePatchSchema,
  parseId,
  voteChoiceSchema,
  VOTE_TYPE_ERROR,
} from "~/features/houses/lib/house-schema";
import { SUGGESTION } from "~/features/houses/lib/house.fixture";
import { HOUSE_LIMITS } from "~/platform/lib/limits";

// eslint-disable-next-line no-script-url -- the very input these rules must refuse
const SCRIPT_URL = "javascript:alert(1)";

// As a form posts it: text untrimmed, numbers as text, an image URL without its scheme.
const valid = {
  ...SUGGESTION,
  url: " airbnb.com/rooms/1?x=y ",
  title: " Lake house ",
  num_bedrooms: "8",
  num_baths: "4.5",
  listing_img: "example.com/IMG.JPG?w=1",
};

function firstError(input: Record<string, unknown>) {
  const result = houseInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("house input", () => {
  it("takes each text field up to its one limit, and says the limit past it", () => {
    const fields = [
      ["title", "Title"],
      ["city", "City"],
      ["country", "Country"],
    ] as const;
    for (const [field, label] of fields) {
      const max = HOUSE_LIMITS[field];
      const atLimit = { ...valid, country: "Portugal", state: "", [field]: "x".repeat(max) };
      expect(houseInputSchema.safeParse(atLimit).success, field).toBe(true);
      expect(firstError({ ...atLimit, [field]: "x".repeat(max + 1) })).toBe(
        `${label} must be at most ${max.toLocaleString("en-US")} characters`,
      );
    }
  });

  it("normalises and coerces a good suggestion", () => {
    expect(houseInputSchema.parse(valid)).toEqual({ ...SUGGESTION, url: "https://www.airbnb.com/rooms/1" });
  });

  it("stores one spelling per country, for the form and the API alike", () => {
    expect(houseInputSchema.parse({ ...valid, country: "United States" }).country).toBe("USA");
    expect(houseInputSchema.parse({ ...valid, country: "U.S.A.", state: "" }).country).toBe("USA");
    expect(houseInputSchema.parse({ ...valid, country: " Costa Rica ", state: "" }).country).toBe(
      "Costa Rica",
    );
    expect(housePatchSchema.parse({ country: "united states" })).toEqual({ country: "USA" });
  });

  it("gives the spec's image message and refuses script URLs", () => {
    expect(firstError({ ...valid, listing_img: "https://example.com/a.gif" })).toBe(
      "Image URL must end with .png, .jpg, or .jpeg",
    );
    expect(firstError({ ...valid, listing_img: "" })).toBe("Image URL is required");
    expect(firstError({ ...valid, url: SCRIPT_URL })).toMatch(/http/);
  });

  it("keeps the sliders inside their bounds and steps", () => {
    expect(firstError({ ...valid, num_bedrooms: 3 })).toBe("Bedrooms must be between 4 and 15");
    expect(firstError({ ...valid, num_bedrooms: 8.5 })).toBe("Bedrooms must be a whole number");
    expect(firstError({ ...valid, num_beds: 16 })).toBe("Beds must be between 6 and 15");
    expect(firstError({ ...valid, num_baths: 4.25 })).toBe("Bathrooms must be in steps of 0.5");
    expect(firstError({ ...valid, num_baths: "lots" })).toBe("Bathrooms must be a number");
    expect(houseInputSchema.safeParse({ ...valid, num_baths: 8 }).success).toBe(true);
  });

  it("needs a state of the chosen country, except for other countries", () => {
    expect(firstError({ ...valid, state: "" })).toBe("Please choose a state or province");
    expect(firstError({ ...valid, state: "ON" })).toBe("That state or province is not in USA");
    expect(firstError({ ...valid, country: "Canada", state: "ON" })).toBeUndefined();
    expect(firstError({ ...valid, country: "France", state: "" })).toBeUndefined();
  });
});

describe("organiser patch, votes and ids", () => {
  it("accepts form strings for flags and years", () => {
    expect(
      housePatchSchema.parse({ previous_house: "true", previous_house_year: "2024", in_play: false }),
    ).toEqual({
      previous_house: true,
      previous_house_year: 2024,
      in_play: false,
    });
    expect(housePatchSchema.parse({ previous_house_year: "" })).toEqual({ previous_house_year: null });
    expect(housePatchSchema.safeParse({ in_play: "maybe" }).success).toBe(false);
    expect(housePatchSchema.safeParse({ previous_house_year: "20x4" }).success).toBe(false);
  });

  it("knows only love, like and dislike", () => {
    expect(voteChoiceSchema.parse("love")).toBe("love");
    const wrong = voteChoiceSchema.safeParse("meh");
    expect(wrong.success ? undefined : wrong.error.issues[0].message).toBe(VOTE_TYPE_ERROR);
  });

  it("reads ids from URL segments", () => {
    expect(parseId("7")).toBe(7);
    expect(parseId("0")).toBeUndefined();
    expect(parseId("votes")).toBeUndefined();
    expect(parseId("1e3")).toBeUndefined();
    expect(parseId("99999999999")).toBeUndefined();
  });
});

describe("numeric messages say what is wrong", () => {
  it.each([
    ["num_bedrooms", 6.5, "Bedrooms must be a whole number"],
    ["num_bedrooms", "6.5", "Bedrooms must be a whole number"],
    ["num_bedrooms", 20, "Bedrooms must be between 4 and 15"],
    ["num_bedrooms", "many", "Bedrooms must be a number"],
    ["num_beds", 7.2, "Beds must be a whole number"],
    ["num_beds", 3, "Beds must be between 6 and 15"],
    ["num_baths", 2.25, "Bathrooms must be in steps of 0.5"],
    ["num_baths", 9, "Bathrooms must be between 2 and 8"],
    ["num_baths", "Infinity", "Bathrooms must be a number"],
  ])("%s: %s", (field, value, message) => {
    expect(firstError({ ...valid, [field]: value })).toBe(message);
  });
});

describe("every problem at once", () => {
  it("reports the missing state together with the other fields' errors", () => {
    const input = { ...valid, state: "", listing_img: "https://example.com/a.gif", num_bedrooms: "6.5" };
    const result = houseInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(houseInputErrors(result.error, input)).toEqual({
      listing_img: "Image URL must end with .png, .jpg, or .jpeg",
      num_bedrooms: "Bedrooms must be a whole number",
      state: "Please choose a state or province",
    });
  });
});
