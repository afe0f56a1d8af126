import { describe, expect, it } from "vitest";
import { groupOrExpected, houseFit, type ExpectedGroup } from "~/features/houses/lib/house-fit";

const group = (partial: Partial<ExpectedGroup>): ExpectedGroup => ({
  yes: 0,
  yesGuests: 0,
  maybe: 0,
  maybeGuests: 0,
  ...partial,
});
const house = (num_beds: number, num_bedrooms: number) => ({ num_beds, num_bedrooms });

describe("houseFit", () => {
  it("fits when everyone who may come has a bed and a room", () => {
    const fit = houseFit(house(11, 7), group({ yes: 3, yesGuests: 4, maybe: 1 }));
    expect(fit).toMatchObject({ verdict: "fits", low: 7, high: 8 });
    expect(fit.text).toBe("Fits: 11 beds and 7 bedrooms for 7–8 people");
  });

  it("is tight when only the sure ones fit", () => {
    const fit = houseFit(house(8, 6), group({ yes: 5, yesGuests: 2, maybe: 3, maybeGuests: 1 }));
    expect(fit).toMatchObject({ verdict: "tight", low: 7, high: 11 });
    expect(fit.text).toContain("Tight: 8 beds and 6 bedrooms for 7–11 people");
  });

  it("is too small when even the sure ones do not fit", () => {
    expect(houseFit(house(6, 4), group({ yes: 6, yesGuests: 1 })).verdict).toBe("too small");
  });

  it("counts bedrooms too: many beds in few rooms do not fit many people", () => {
    const fit = houseFit(house(12, 3), group({ yes: 7 }));
    expect(fit.verdict).toBe("too small");
    expect(fit.text).toContain("sleeps 6");
  });

  it("fits exactly at capacity, with one number when nobody is unsure", () => {
    const fit = houseFit(house(8, 4), group({ yes: 8 }));
    expect(fit).toMatchObject({ verdict: "fits", low: 8, high: 8 });
    expect(fit.text).toBe("Fits: 8 beds and 4 bedrooms for 8 people");
  });

  it("no attendees: fits, and says nobody has answered yes or maybe", () => {
    const fit = houseFit(house(6, 4), group({}));
    expect(fit).toMatchObject({ verdict: "fits", low: 0, high: 0 });
    expect(fit.text).toContain("nobody has said yes or maybe yet");
  });

  it("guests only: the guests still need beds", () => {
    expect(houseFit(house(6, 3), group({ yesGuests: 7 }))).toMatchObject({ verdict: "too small", low: 7 });
    expect(houseFit(house(6, 3), group({ maybeGuests: 7 }))).toMatchObject({
      verdict: "tight",
      low: 0,
      high: 7,
    });
  });

  it("maybes only: tight when the maybes would not all fit, else fits", () => {
    expect(houseFit(house(6, 3), group({ maybe: 9 }))).toMatchObject({ verdict: "tight", low: 0, high: 9 });
    expect(houseFit(house(10, 5), group({ maybe: 9 })).text).toBe(
      "Fits: 10 beds and 5 bedrooms for 0–9 people",
    );
  });
});

describe("groupOrExpected", () => {
  it("uses the event's expected group only while nobody has answered yes or maybe", () => {
    const expected = { expectedMin: 8, expectedMax: 12 };
    expect(houseFit(house(10, 5), groupOrExpected(group({}), expected)).text).toBe(
      "Tight: 10 beds and 5 bedrooms for 8–12 people (sleeps 10, short if every maybe comes)",
    );
    expect(groupOrExpected(group({ maybe: 1 }), expected)).toEqual(group({ maybe: 1 }));
  });
});
