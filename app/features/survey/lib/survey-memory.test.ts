import { describe, expect, it } from "vitest";
import { emptySurvey } from "~/features/survey/lib/survey-fields";
import { rememberedAnswers } from "~/features/survey/lib/survey-memory";
import { mergeOverDefaults } from "~/features/survey/lib/survey-merge";
import { availabilityWindows } from "~/features/editions/lib/weekends";

describe("a survey that remembers", () => {
  it("keeps name, shirt sizes, countries, sober and sharing a room, and nothing else", () => {
    const last = {
      ...emptySurvey(),
      name: "Alex",
      attending: "yes" as const,
      availability: { "Aug 21 - Aug 25": true },
      sgw_extension: "both" as const,
      countries: { usa: true, canada: false, mexico: true },
      previous_locale: "yes" as const,
      sober: "no" as const,
      extra_guests: { boo: true, child: false },
      share_room: "yes" as const,
      shirt_size: { self: "m", boo: "l", child: "" },
      fate_change: "aye" as const,
      sgw24_attendee: "yes" as const,
      sgw24_concerns: "Long drive",
      sgw25_suggestions: "A lake",
      sgw25_dont_wanna_see: "Nobody",
    };
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
