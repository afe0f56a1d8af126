import { describe, expect, it } from "vitest";
import { emptySurvey } from "~/features/survey/lib/survey-fields";
import { surveyFixture } from "~/features/survey/lib/survey.fixture";
import { rememberedAnswers } from "~/features/survey/lib/survey-memory";
import { mergeOverDefaults } from "~/features/survey/lib/survey-merge";
import { availabilityWindows } from "~/features/season/lib/weekends";

describe("a survey that remembers", () => {
  it("keeps name, shirt sizes, countries, sober and sharing a room, and nothing else", () => {
    const last = surveyFixture({
      name: "Alex",
      countries: { usa: true, canada: false, mexico: true },
      sober: "no",
      shirt_size: { self: "m", boo: "l", child: "" },
    });
    const windows = availabilityWindows(2026);
    const answers = mergeOverDefaults(rememberedAnswers(last), windows);
    expect(answers).toEqual({
      ...emptySurvey(windows),
      name: "Alex",
      countries: { usa: true, canada: false, mexico: true },
      sober: "no",
      share_room: "yes",
      shirt_size: { self: "m", boo: "l", child: "" },
    });
    expect(Object.keys(answers.availability)).toEqual(windows);
  });
});
