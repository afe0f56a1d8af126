import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { housesCsv, surveysCsv } from "~/features/organiser/lib/export-csv";
import { SUGGESTION } from "~/features/houses/lib/house.fixture";

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
      ...SUGGESTION,
      id: 7,
      title: "+Lake House",
      in_play: true,
      previous_house: false,
      previous_house_year: null,
      who_suggested: "Alex",
    };
    const rows = parse(
      housesCsv([house, { ...house, id: 8, title: "Cabin" }], { 7: { love: 2, like: 1, dislike: 0 } }),
    );
    // Each column beside its value: the object's order is the header's.
    const expected = {
      Title: "'+Lake House",
      City: "Tahoe",
      State: "CA",
      Country: "USA",
      Bedrooms: "8",
      Beds: "10",
      Baths: "4.5",
      Listing: "airbnb.com/rooms/1?x=y",
      "In Play": "yes",
      "Previous House": "no",
      Year: "",
      "Suggested By": "Alex",
      Loves: "2",
      Likes: "1",
      Dislikes: "0",
      Price: "",
      Currency: "",
      Each: "",
    };
    expect(rows[0]).toEqual(Object.keys(expected));
    expect(rows[1]).toEqual(Object.values(expected));
    expect(rows[2].slice(-6, -3)).toEqual(["0", "0", "0"]);
    const priced = parse(housesCsv([{ ...house, priceMinor: 85000, currency: "USD" }], {}));
    expect(priced[1].slice(-3)).toEqual(["850.00", "USD", "about $85 each for 8–12"]);
  });
});
