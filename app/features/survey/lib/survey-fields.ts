import type { Section } from "~/features/survey/lib/survey-flow";
import { WINDOWS } from "~/features/editions/lib/weekends";

/** The spec's Survey entity, as the API and the forms carry it. */
export type SurveyAnswers = {
  name: string;
  attending: "" | "yes" | "no" | "maybe";
  availability: Record<string, boolean>;
  sgw_extension: "" | "no" | "beginning" | "end" | "both";
  countries: { usa: boolean; canada: boolean; mexico: boolean };
  previous_locale: "" | "yes" | "no";
  sober: "" | "yes" | "no";
  extra_guests: { boo: boolean; child: boolean };
  share_room: "" | "yes" | "no";
  shirt_size: { self: string; boo: string; child: string };
  fate_change: "" | "aye" | "nay";
  sgw24_attendee: "" | "yes" | "no";
  sgw24_concerns: string;
  sgw25_suggestions: string;
  sgw25_dont_wanna_see: string;
};

/** The answers each section's form carries, in the survey's order; 3, 6 and 7 carry none. */
export const SECTION_FIELDS: Record<Section, readonly (keyof SurveyAnswers)[]> = {
  1: ["name", "attending"],
  2: [
    "availability",
    "sgw_extension",
    "countries",
    "previous_locale",
    "sober",
    "extra_guests",
    "share_room",
    "shirt_size",
    "fate_change",
  ],
  3: [],
  4: ["sgw24_attendee"],
  5: ["sgw24_concerns", "sgw25_suggestions", "sgw25_dont_wanna_see"],
  6: [],
  7: [],
};

/** Every answer, in the survey's order (integer keys enumerate in ascending order). */
export const SURVEY_FIELDS = Object.values(SECTION_FIELDS).flat();

/** An untouched survey: text empty, every window (of the edition's `windows`) and flag false, no choice made. */
export function emptySurvey(windows: readonly string[] = WINDOWS): SurveyAnswers {
  return {
    name: "",
    attending: "",
    availability: Object.fromEntries(windows.map((label) => [label, false])),
    sgw_extension: "",
    countries: { usa: false, canada: false, mexico: false },
    previous_locale: "",
    sober: "",
    extra_guests: { boo: false, child: false },
    share_room: "",
    shirt_size: { self: "", boo: "", child: "" },
    fate_change: "",
    sgw24_attendee: "",
    sgw24_concerns: "",
    sgw25_suggestions: "",
    sgw25_dont_wanna_see: "",
  };
}
