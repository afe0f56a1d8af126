import { describe, expect, it } from "vitest";
import { summaryCard } from "~/features/results/lib/results-summary";
import { WINDOWS } from "~/features/season/lib/weekends";

const full = {
  id: 7,
  name: "Sam",
  email: "sam@example.com",
  attending: "yes",
  availability: { [WINDOWS[20]]: true, [WINDOWS[3]]: true, [WINDOWS[10]]: false },
  sgw_extension: "end",
  countries: '{"usa":true,"mexico":true}',
  previous_locale: "no",
  sober: "yes",
  extra_guests: { boo: true, child: true },
  share_room: "no",
  shirt_size: { self: "l", boo: "m", child: "xs" },
  fate_change: "nay",
  sgw24_attendee: "yes",
  sgw24_concerns: "The drive was long.",
  sgw25_suggestions: "",
  sgw25_dont_wanna_see: "  ",
};

describe("summaryCard", () => {
  it("gives the spec's rows in order", () => {
    expect(summaryCard(full).rows).toEqual([
      ["Attending", "Yes"],
      ["Wants To Extend", "End Later"],
      ["OK Countries", "USA, Mexico"],
      ["Previous Locale", "No"],
      ["Sober", "Yes"],
      ["Bringing Boo", "Yes"],
      ["Bringing Kid", "Yes"],
      ["Will Share Room", "No"],
      ["Would Change Fate", "Nay"],
      ["Shirt Sizes", "Self: L, Boo: M, Kid: XS"],
    ]);
  });

  it("lists available dates chronologically", () => {
    expect(summaryCard(full).availableDates).toEqual([WINDOWS[3], WINDOWS[20]]);
  });

  it("shows None for no countries and only the self size without guests", () => {
    const card = summaryCard(
      { ...full, countries: {}, extra_guests: '{"boo":false}', shirt_size: "{oops" },
      { log: () => {} },
    );
    const rows = Object.fromEntries(card.rows);
    expect(rows["OK Countries"]).toBe("None");
    expect(rows["Shirt Sizes"]).toBe("Self: Not answered");
  });

  it("fills the previous edition's block with 'None specified' defaults, headed Orlando in 2025", () => {
    expect(summaryCard(full).previousEdition).toEqual({
      heading: "Orlando",
      attended: "Yes",
      concerns: "The drive was long.",
      suggestions: "None specified",
      dontWannaSee: "None specified",
    });
    expect(summaryCard({ ...full, sgw24_attendee: "no" }).previousEdition.attended).toBe("No");
  });

  it("names the previous edition in the block's heading after 2025", () => {
    const names = { current: "SGW26", previous: "SGW25" };
    expect(summaryCard(full, { names }).previousEdition.heading).toBe("SGW25");
  });

  it("copes with a bare record", () => {
    const card = summaryCard({ id: 1 });
    expect(card.name).toBe("User");
    expect(card.availableDates).toEqual([]);
    expect(Object.fromEntries(card.rows)).toMatchObject({
      Attending: "Not answered",
      "Wants To Extend": "Not answered",
    });
  });

  it("shows 'Not answered' for every unanswered question, never a No or Nay", () => {
    const unanswered = {
      ...full,
      sgw_extension: "",
      previous_locale: "",
      sober: null,
      share_room: undefined,
      fate_change: "",
      shirt_size: { self: "", boo: "", child: "" },
      sgw24_attendee: "",
    };
    const card = summaryCard(unanswered);
    expect(Object.fromEntries(card.rows)).toMatchObject({
      "Wants To Extend": "Not answered",
      "Previous Locale": "Not answered",
      Sober: "Not answered",
      "Will Share Room": "Not answered",
      "Would Change Fate": "Not answered",
      "Shirt Sizes": "Self: Not answered, Boo: Not answered, Kid: Not answered",
    });
    expect(card.previousEdition.attended).toBe("Not answered");
  });

  it("counts no guests or details for someone not coming", () => {
    const card = summaryCard({ ...full, attending: "no" });
    expect(Object.fromEntries(card.rows)).toMatchObject({
      Attending: "No",
      "Bringing Boo": "No",
      "Bringing Kid": "No",
      Sober: "Not answered",
      "OK Countries": "None",
      "Shirt Sizes": "Self: Not answered",
    });
    expect(card.availableDates).toEqual([]);
  });
});
