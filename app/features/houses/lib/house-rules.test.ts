import { describe, expect, it } from "vitest";
import {
  IMAGE_URL_ERROR,
  NO_VOTES,
  applyVote,
  imageUrlError,
  normaliseImageUrl,
  normaliseListingUrl,
  placeLabel,
  previousHouseLabel,
  roomsSummary,
  safeListingHref,
  normaliseCountry,
  sortNewHouses,
  sortOldHouses,
  splitHouses,
  splitHousesChosenFirst,
} from "~/features/houses/lib/house-rules";
import {
  CANADIAN_PROVINCES,
  MEXICAN_STATES,
  US_STATES,
  countryChoiceOf,
  isStateOf,
} from "~/platform/lib/states";

// eslint-disable-next-line no-script-url -- the very input these rules must refuse
const SCRIPT_URL = "javascript:alert(1)";

describe("listing URL normalisation", () => {
  it("adds https://, www. for airbnb hosts and drops the query string", () => {
    expect(normaliseListingUrl("airbnb.com/rooms/1?x=y")).toBe("https://www.airbnb.com/rooms/1");
    expect(normaliseListingUrl("  https://airbnb.ca/rooms/9?check_in=2025-08-21#photos ")).toBe(
      "https://www.airbnb.ca/rooms/9#photos",
    );
    expect(normaliseListingUrl("www.airbnb.com/rooms/1")).toBe("https://www.airbnb.com/rooms/1");
    expect(normaliseListingUrl("http://vrbo.com/2002?a=1")).toBe("http://vrbo.com/2002");
    expect(normaliseListingUrl("vrbo.com:443/2002")).toBe("https://vrbo.com/2002");
  });

  it("leaves other hosts alone", () => {
    expect(normaliseListingUrl("notairbnb.com/x")).toBe("https://notairbnb.com/x");
    expect(normaliseListingUrl("https://www.vrbo.com/2002")).toBe("https://www.vrbo.com/2002");
  });

  it("accepts only http and https", () => {
    expect(normaliseListingUrl(SCRIPT_URL)).toBeUndefined();
    expect(normaliseListingUrl(SCRIPT_URL.replace("java", "Java"))).toBeUndefined();
    expect(normaliseListingUrl("data:text/html,<b>x</b>")).toBeUndefined();
    expect(normaliseListingUrl("ftp://example.com/file")).toBeUndefined();
    expect(normaliseListingUrl("mailto:someone@example.com")).toBeUndefined();
    expect(normaliseListingUrl("")).toBeUndefined();
    expect(normaliseListingUrl("   ")).toBeUndefined();
    expect(normaliseListingUrl("https://")).toBeUndefined();
  });
});

describe("image URL check", () => {
  it("needs .png, .jpg or .jpeg at the end, in any case, after the query string", () => {
    expect(imageUrlError("https://example.com/a.png")).toBeUndefined();
    expect(imageUrlError("https://example.com/IMG.JPG?w=1")).toBeUndefined();
    expect(imageUrlError("IMG.JPG?w=1")).toBeUndefined();
    expect(imageUrlError("https://example.com/a.jpeg#top")).toBeUndefined();
    expect(imageUrlError("https://example.com/a.gif")).toBe(IMAGE_URL_ERROR);
    expect(imageUrlError("https://example.com/a.png.exe")).toBe(IMAGE_URL_ERROR);
    expect(imageUrlError("https://example.com/photo?format=.jpg")).toBe(IMAGE_URL_ERROR);
  });

  it("lets an empty image pass (the form requires one separately)", () => {
    expect(imageUrlError("")).toBeUndefined();
    expect(imageUrlError("   ")).toBeUndefined();
  });

  it("stores images as http(s) URLs with their query string", () => {
    expect(normaliseImageUrl(" example.com/IMG.JPG?w=1 ")).toBe("https://example.com/IMG.JPG?w=1");
    expect(normaliseImageUrl(`${SCRIPT_URL}//a.png`)).toBeUndefined();
    expect(normaliseImageUrl("data:image/png;base64,AAAA.png")).toBeUndefined();
  });
});

const house = (
  country: string,
  state: string,
  city: string,
  extra: Partial<{ year: number | null; in_play: boolean; previous: boolean }> = {},
) => ({
  title: `${city} house`,
  country,
  state,
  city,
  in_play: extra.in_play ?? true,
  previous_house: extra.previous ?? false,
  previous_house_year: extra.year ?? null,
});

describe("grid order", () => {
  it("sorts 'United States' and other spellings with USA, by state, not as a country of their own", () => {
    const sorted = sortNewHouses([
      house("United States", "WA", "Seattle"),
      house("USA", "CA", "Tahoe"),
      house("U.S.A.", "NY", "Albany"),
      house(" us ", "AZ", "Sedona"),
      house("canada", "BC", "Whistler"),
    ]);
    expect(sorted.map((h) => h.city)).toEqual(["Sedona", "Tahoe", "Albany", "Seattle", "Whistler"]);
  });

  it("normalises country names: the three listed ones to their list name, others trimmed", () => {
    for (const name of [
      "USA",
      "usa",
      "United States",
      "united  states",
      "U.S.A.",
      "US",
      "u.s.",
      "United States of America",
    ]) {
      expect(normaliseCountry(name)).toBe("USA");
    }
    expect(normaliseCountry(" CANADA ")).toBe("Canada");
    expect(normaliseCountry("México")).toBe("Mexico");
    expect(normaliseCountry("  Costa   Rica ")).toBe("Costa Rica");
    expect(normaliseCountry("Usambara")).toBe("Usambara");
  });

  it("sorts new houses USA first, then Canada, Mexico, others A-Z; then state, then city", () => {
    const sorted = sortNewHouses([
      house("Mexico", "ROO", "Tulum"),
      house("France", "", "Nice"),
      house("Canada", "ON", "Muskoka"),
      house("USA", "NY", "Lake Placid"),
      house("Belize", "", "Placencia"),
      house("United States", "CA", "Tahoe"),
      house("USA", "NY", "Albany"),
      house("Canada", "BC", "Whistler"),
    ]);
    expect(sorted.map((h) => `${h.country}/${h.state}/${h.city}`)).toEqual([
      "United States/CA/Tahoe",
      "USA/NY/Albany",
      "USA/NY/Lake Placid",
      "Canada/BC/Whistler",
      "Canada/ON/Muskoka",
      "Mexico/ROO/Tulum",
      "Belize//Placencia",
      "France//Nice",
    ]);
  });

  it("sorts previous houses by year, newest first, yearless last", () => {
    const sorted = sortOldHouses([
      house("USA", "FL", "Orlando", { year: 2023, previous: true }),
      house("USA", "NC", "Asheville", { year: null, previous: true }),
      house("USA", "NY", "Lake Placid", { year: 2024, previous: true }),
    ]);
    expect(sorted.map((h) => h.previous_house_year)).toEqual([2024, 2023, null]);
  });

  it("splits the houses in play into new and previous ones", () => {
    const { newHouses, oldHouses } = splitHouses([
      house("USA", "NY", "A"),
      house("USA", "NY", "B", { in_play: false }),
      house("USA", "NY", "C", { previous: true, year: 2022 }),
      house("USA", "NY", "D", { previous: true, in_play: false }),
    ]);
    expect(newHouses.map((h) => h.city)).toEqual(["A"]);
    expect(oldHouses.map((h) => h.city)).toEqual(["C"]);
  });

  it("puts the chosen house in play first, also a previous one, and never twice", () => {
    const houses = [
      { ...house("USA", "NY", "A"), id: 1 },
      { ...house("Canada", "ON", "B"), id: 2 },
      { ...house("USA", "NY", "C", { previous: true, year: 2022 }), id: 3 },
      { ...house("USA", "NY", "D", { in_play: false }), id: 4 },
    ];
    const cities = (chosenId: number | null) => {
      const { newHouses, oldHouses, chosen } = splitHousesChosenFirst(houses, chosenId);
      return [newHouses.map((h) => h.city), oldHouses.map((h) => h.city), chosen?.city];
    };
    expect(cities(2)).toEqual([["B", "A"], ["C"], "B"]);
    expect(cities(3)).toEqual([["C", "A", "B"], [], "C"]);
    expect(cities(4)).toEqual([["A", "B"], ["C"], undefined]);
    expect(cities(null)).toEqual([["A", "B"], ["C"], undefined]);
  });
});

describe("card text", () => {
  it("omits the country for the USA only where asked", () => {
    expect(placeLabel({ city: "Tahoe", state: "CA", country: "USA" }, true)).toBe("Tahoe, CA");
    expect(placeLabel({ city: "Tahoe", state: "CA", country: "United States" }, true)).toBe("Tahoe, CA");
    expect(placeLabel({ city: "Tahoe", state: "CA", country: "USA" }, false)).toBe("Tahoe, CA, USA");
    expect(placeLabel({ city: "Muskoka", state: "ON", country: "Canada" }, true)).toBe("Muskoka, ON, Canada");
    expect(placeLabel({ city: "Nice", state: "", country: "France" }, true)).toBe("Nice, France");
  });

  it("names previous houses and sums up the rooms", () => {
    expect(previousHouseLabel(2024)).toBe("The 2024 SGW House");
    expect(roomsSummary({ num_bedrooms: 7, num_beds: 1, num_baths: 4.5 })).toBe(
      "7 bedrooms · 1 bed · 4.5 baths",
    );
  });

  it("never turns a stored value into a script link", () => {
    expect(safeListingHref(SCRIPT_URL)).toBeUndefined();
    expect(safeListingHref("https://www.vrbo.com/2002")).toBe("https://www.vrbo.com/2002");
  });
});

describe("state lists", () => {
  it("has every US state, DC and the territories; Canada's 13; Mexico's 32; codes as values", () => {
    expect(US_STATES).toHaveLength(57);
    expect(US_STATES.map((s) => s.code)).toEqual(
      expect.arrayContaining(["DC", "PR", "GU", "VI", "AS", "MP"]),
    );
    expect(CANADIAN_PROVINCES).toHaveLength(13);
    expect(MEXICAN_STATES).toHaveLength(32);
    for (const list of [US_STATES, CANADIAN_PROVINCES, MEXICAN_STATES]) {
      expect(new Set(list.map((s) => s.code)).size).toBe(list.length);
    }
  });

  it("knows which state belongs to which country", () => {
    expect(isStateOf("USA", "NY")).toBe(true);
    expect(isStateOf("United States", "DC")).toBe(true);
    expect(isStateOf("Canada", "NY")).toBe(false);
    expect(isStateOf("Mexico", "ROO")).toBe(true);
    expect(isStateOf("France", "anything")).toBe(true);
    expect(countryChoiceOf(" usa ")).toBe("USA");
    expect(countryChoiceOf("Belize")).toBe("Other");
  });
});

describe("optimistic vote counts", () => {
  const counts = { love: 2, like: 1, dislike: 0 };
  it("moves one vote from the old choice to the new one", () => {
    expect(applyVote(counts, undefined, "dislike")).toEqual({ love: 2, like: 1, dislike: 1 });
    expect(applyVote(counts, "love", "like")).toEqual({ love: 1, like: 2, dislike: 0 });
  });
  it("changes nothing for the same choice and never goes below zero", () => {
    expect(applyVote(counts, "like", "like")).toBe(counts);
    expect(applyVote(NO_VOTES, "love", "like")).toEqual({ love: 0, like: 1, dislike: 0 });
  });
});
