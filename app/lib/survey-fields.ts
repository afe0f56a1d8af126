import { WINDOWS } from "./weekends";

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

export const SURVEY_FIELDS = [
  "name",
  "attending",
  "availability",
  "sgw_extension",
  "countries",
  "previous_locale",
  "sober",
  "extra_guests",
  "share_room",
  "shirt_size",
  "fate_change",
  "sgw24_attendee",
  "sgw24_concerns",
  "sgw25_suggestions",
  "sgw25_dont_wanna_see",
] as const satisfies readonly (keyof SurveyAnswers)[];

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
