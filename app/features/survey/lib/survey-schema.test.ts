import { describe, expect, it } from "vitest";
import { registerSchema } from "~/features/accounts/lib/auth-forms";
import { NAME_MAX } from "~/platform/lib/limits";
import { emptySurvey } from "~/features/survey/lib/survey-fields";
import { surveyFixture } from "~/features/survey/lib/survey.fixture";
import { parseSectionForm, parseSurvey, readSectionForm } from "~/features/survey/lib/survey-schema";

const complete = surveyFixture({
  availability: { "Aug 21 - Aug 25": true, "May 29 - Jun 2": true },
  sgw_extension: "both",
  countries: { usa: true, canada: false, mexico: true },
  previous_locale: "no",
  extra_guests: { boo: true, child: false },
  shirt_size: { self: "m", boo: "2xl", child: "" },
  sgw24_concerns: "Too hot",
  sgw25_suggestions: "",
  sgw25_dont_wanna_see: "",
});

function errorsOf(input: unknown) {
  const result = parseSurvey(input);
  if (result.success) throw new Error("expected the survey to be refused");
  return result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("surveySchema", () => {
  it("accepts a complete survey and fills availability to all 39 windows", () => {
    const result = parseSurvey(complete);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.attending).toBe("yes");
    expect(Object.keys(result.data.availability)).toHaveLength(39);
    expect(result.data.availability["Aug 21 - Aug 25"]).toBe(true);
    expect(result.data.availability["Apr 3 - Apr 7"]).toBe(false);
    expect(result.data.shirt_size).toEqual({ self: "m", boo: "2xl", child: "" });
  });

  it("accepts missing answers as unanswered and ignores unknown fields", () => {
    const result = parseSurvey({ attending: "maybe", favourite_colour: "green" });
    expect(result).toEqual({ success: true, data: { ...emptySurvey(), attending: "maybe" } });
  });

  it("trims text and reads nested maps sent as JSON strings", () => {
    const result = parseSurvey({
      name: "  Kim ",
      countries: '{"canada":true}',
      availability: '{"Apr 3 - Apr 7":true}',
    });
    expect(result.success && result.data.name).toBe("Kim");
    expect(result.success && result.data.countries).toEqual({ usa: false, canada: true, mexico: false });
    expect(result.success && result.data.availability["Apr 3 - Apr 7"]).toBe(true);
  });

  it("refuses values outside the spec's enums, naming the question and its answers as the form shows them", () => {
    expect(errorsOf({ attending: "perhaps" })).toEqual([
      "attending: “Are you coming to SGW25?”: choose one of “Yes”, “No” or “Maybe”",
    ]);
    expect(errorsOf({ sgw_extension: "sometimes" })[0]).toMatch(/^sgw_extension:/);
    expect(errorsOf({ fate_change: "yes" })[0]).toMatch(/^fate_change:/);
    expect(errorsOf({ sober: true })[0]).toMatch(/^sober:/);
  });

  it("refuses an unknown availability window and a non-boolean flag", () => {
    expect(errorsOf({ availability: { "Feb 30 - Mar 3": true } })).toEqual([
      "availability.Feb 30 - Mar 3: “Which weekends work for you?”: there is no weekend “Feb 30 - Mar 3”",
    ]);
    expect(errorsOf({ availability: ["Apr 3 - Apr 7"] })[0]).toMatch(/^availability:/);
    expect(errorsOf({ countries: { usa: "yes" } })).toEqual([
      "countries.usa: “Which countries are you cool with?”: each box is ticked (true) or not (false)",
    ]);
  });

  it("refuses shirt sizes outside xs..4xl", () => {
    expect(errorsOf({ shirt_size: { self: "xxl" } })).toEqual([
      "shirt_size.self: “Your size”: choose one of “XS”, “S”, “M”, “L”, “XL”, “2XL”, “3XL” or “4XL”",
    ]);
    expect(errorsOf({ shirt_size: { self: "m", child: "5xl" } })[0]).toMatch(/^shirt_size.child:/);
  });

  it("refuses text over 2,000 characters but takes exactly 2,000", () => {
    expect(parseSurvey({ sgw25_suggestions: "x".repeat(2000) }).success).toBe(true);
    expect(errorsOf({ sgw25_suggestions: "x".repeat(2001) })).toEqual([
      "sgw25_suggestions: “Suggestions for SGW25?” must be at most 2,000 characters",
    ]);
  });

  it("takes a name as long as registration does, and no longer", () => {
    expect(parseSurvey({ name: "x".repeat(NAME_MAX) }).success).toBe(true);
    expect(errorsOf({ name: "x".repeat(NAME_MAX + 1) })).toEqual([
      `name: “Your name” must be at most ${NAME_MAX} characters`,
    ]);
    expect(
      registerSchema.safeParse({ email: "a@b.co", password: "secret1", name: "x".repeat(NAME_MAX + 1) }).error
        ?.issues[0].message,
    ).toBe(`Name must be at most ${NAME_MAX} characters`);
  });

  it("never names a question by its field name", () => {
    const bad = {
      name: "x".repeat(NAME_MAX + 1),
      attending: "?",
      sgw_extension: "?",
      previous_locale: "?",
      sober: "?",
      share_room: "?",
      fate_change: "?",
      sgw24_attendee: "?",
      shirt_size: { self: "?", boo: "?", child: "?" },
      sgw24_concerns: "x".repeat(2001),
      sgw25_suggestions: "x".repeat(2001),
      sgw25_dont_wanna_see: "x".repeat(2001),
    };
    const messages = errorsOf(bad).map((line) => line.slice(line.indexOf(": ") + 2));
    expect(messages).toHaveLength(14);
    for (const message of messages) expect(message).not.toMatch(/[a-z]+_[a-z0-9_]+|shirt_size|attending/);
  });
});

function form(entries: Array<[string, string]>) {
  const fields: Record<string, string[]> = {};
  for (const [name, value] of entries) (fields[name] ??= []).push(value);
  return fields;
}

describe("section forms", () => {
  it("read only their own section's fields", () => {
    expect(
      readSectionForm(
        1,
        form([
          ["name", "Kim"],
          ["attending", "no"],
          ["sober", "yes"],
        ]),
      ),
    ).toEqual({ name: "Kim", attending: "no" });
    expect(readSectionForm(3, form([["name", "Kim"]]))).toEqual({});
  });

  it("turn checkbox groups into maps where an unticked box is false", () => {
    const result = parseSectionForm(
      2,
      form([
        ["availability", "Apr 3 - Apr 7"],
        ["availability", "Dec 25 - Dec 29"],
        ["countries", "mexico"],
        ["extra_guests", "child"],
        ["shirt_size.self", "l"],
        ["shirt_size.child", "xs"],
        ["sgw_extension", "end"],
      ]),
    );
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(Object.values(result.answers.availability!).filter(Boolean)).toHaveLength(2);
    expect(result.answers.availability!["Dec 25 - Dec 29"]).toBe(true);
    expect(result.answers.countries).toEqual({ usa: false, canada: false, mexico: true });
    expect(result.answers.extra_guests).toEqual({ boo: false, child: true });
    expect(result.answers.shirt_size).toEqual({ self: "l", boo: "", child: "xs" });
    expect(result.answers.sgw_extension).toBe("end");
    expect(result.answers.sober).toBe("");
  });

  it("give back the member's input with a message for a bad value", () => {
    const result = parseSectionForm(
      2,
      form([
        ["availability", "Apr 3 - Apr 7"],
        ["availability", "Nope"],
        ["shirt_size.self", "xxl"],
        ["sober", "no"],
      ]),
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.fieldErrors).toEqual({
      "availability.Nope": "“Which weekends work for you?”: there is no weekend “Nope”",
      "shirt_size.self": "“Your size”: choose one of “XS”, “S”, “M”, “L”, “XL”, “2XL”, “3XL” or “4XL”",
    });
    expect(result.values.sober).toBe("no");
    expect(result.values.availability!["Apr 3 - Apr 7"]).toBe(true);
  });
});
