import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { housesCsv, surveysCsv } from "./export-csv";

describe("surveysCsv", () => {
  it("has the /results-summary fields, one row per response, formulas neutralised", () => {
    const csv = surveysCsv([
      {
        id: 1,
        name: "=cmd|' /C calc'!A0",
        email: "kim@example.com",
        attending: "yes",
        availability: { "Aug 21 - Aug 25": true, "Apr 3 - Apr 7": true },
        sgw_extension: "end",
        countries: { usa: true, canada: false, mexico: true },
        previous_locale: "yes",
        sober: "no",
        extra_guests: { boo: true, child: false },
        share_room: "yes",
        shirt_size: { self: "m", boo: "l", child: "" },
        fate_change: "aye",
        sgw24_attendee: "yes",
        sgw24_concerns: 'Too hot, "really"',
        sgw25_suggestions: "",
        sgw25_dont_wanna_see: "",
      },
    ]);
    const [header, row] = parse(csv) as string[][];
    expect(header.slice(0, 4)).toEqual(["Name", "Email", "Attending", "Wants To Extend"]);
    const record = Object.fromEntries(header.map((column, index) => [column, row[index]]));
    expect(record).toMatchObject({
      Name: "'=cmd|' /C calc'!A0",
      Email: "kim@example.com",
      Attending: "Yes",
      "Wants To Extend": "End Later",
      "OK Countries": "USA, Mexico",
      "Bringing Boo": "Yes",
      "Shirt Sizes": "Self: M, Boo: L",
      "Available Weekends": "Apr 3 - Apr 7; Aug 21 - Aug 25",
      "Attended SGW24": "Yes",
      "SGW24 Concerns": 'Too hot, "really"',
      "SGW25 Suggestions": "None specified",
    });
  });
});

describe("housesCsv", () => {
  it("lists each house with its counts, zeros for a house nobody voted on", () => {
    const house = {
      id: 7,
      title: "+Lake House",
      city: "Lake Placid",
      state: "NY",
      country: "USA",
      num_bedrooms: 7,
      num_beds: 11,
      num_baths: 4.5,
      url: "https://example.com/7",
      in_play: true,
      previous_house: false,
      previous_house_year: null,
      who_suggested: "Alex",
    };
    const rows = parse(
      housesCsv([house, { ...house, id: 8, title: "Cabin" }], { 7: { love: 2, like: 1, dislike: 0 } }),
    );
    expect(rows[0]).toEqual([
      "Title",
      "City",
      "State",
      "Country",
      "Bedrooms",
      "Beds",
      "Baths",
      "Listing",
      "In Play",
      "Previous House",
      "Year",
      "Suggested By",
      "Loves",
      "Likes",
      "Dislikes",
      "Price",
      "Currency",
      "Each",
    ]);
    expect(rows[1]).toEqual([
      "'+Lake House",
      "Lake Placid",
      "NY",
      "USA",
      "7",
      "11",
      "4.5",
      "https://example.com/7",
      "yes",
      "no",
      "",
      "Alex",
      "2",
      "1",
      "0",
      "",
      "",
      "",
    ]);
    expect(rows[2].slice(-6, -3)).toEqual(["0", "0", "0"]);
    const priced = parse(housesCsv([{ ...house, price: 850, currency: "USD" }], {}));
    expect(priced[1].slice(-3)).toEqual(["850", "USD", "about $85 each for 8–12"]);
  });
});
