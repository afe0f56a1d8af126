import { describe, expect, it } from "vitest";
import { emptySurvey } from "~/features/survey/lib/survey-fields";
import { mergeOverDefaults } from "~/features/survey/lib/survey-merge";

describe("mergeOverDefaults", () => {
  it("gives the empty survey for a missing one", () => {
    expect(mergeOverDefaults(null)).toEqual(emptySurvey());
    expect(mergeOverDefaults(undefined)).toEqual(emptySurvey());
    expect(mergeOverDefaults({})).toEqual(emptySurvey());
  });

  it("keeps saved answers and fills the rest, nested maps key by key", () => {
    const merged = mergeOverDefaults({
      name: "Kim",
      attending: "maybe",
      availability: { "Aug 21 - Aug 25": true },
      countries: { usa: true } as never,
      extra_guests: { child: true } as never,
      shirt_size: { self: "m" } as never,
      sgw24_concerns: "Too hot",
    });
    expect(merged.name).toBe("Kim");
    expect(merged.attending).toBe("maybe");
    expect(merged.sober).toBe("");
    expect(merged.sgw24_concerns).toBe("Too hot");
    expect(Object.keys(merged.availability)).toHaveLength(39);
    expect(merged.availability["Aug 21 - Aug 25"]).toBe(true);
    expect(merged.availability["Apr 3 - Apr 7"]).toBe(false);
    expect(merged.countries).toEqual({ usa: true, canada: false, mexico: false });
    expect(merged.extra_guests).toEqual({ boo: false, child: true });
    expect(merged.shirt_size).toEqual({ self: "m", boo: "", child: "" });
  });

  it("drops unknown windows and ignores null values", () => {
    const merged = mergeOverDefaults({
      availability: { "Feb 30 - Mar 3": true },
      name: null as never,
      countries: { canada: null } as never,
    });
    expect(merged.availability).not.toHaveProperty("Feb 30 - Mar 3");
    expect(merged.name).toBe("");
    expect(merged.countries.canada).toBe(false);
  });

  it("changes neither the saved object nor later defaults", () => {
    const saved = {
      availability: { "Apr 3 - Apr 7": true },
      countries: { usa: true, canada: false, mexico: false },
    };
    const merged = mergeOverDefaults(saved);
    merged.availability["Apr 3 - Apr 7"] = false;
    merged.countries.usa = false;
    expect(saved.availability["Apr 3 - Apr 7"]).toBe(true);
    expect(saved.countries.usa).toBe(true);
    expect(emptySurvey().countries.usa).toBe(false);
  });
});
