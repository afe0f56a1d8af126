import { z } from "zod";
import { firstErrorPerField } from "./field-errors";
import { emptySurvey, type SurveyAnswers } from "./survey-fields";
import type { Section } from "./survey-flow";
import { WINDOWS } from "./weekends";

import {
  ATTENDING,
  AYE_NAY,
  COUNTRIES,
  EXTENSIONS,
  EXTRA_GUESTS,
  SHIRT_HOLDERS,
  SHIRT_SIZES,
  TEXT_LIMIT,
  YES_NO,
} from "./survey-choices";

const KNOWN_WINDOWS = new Set(WINDOWS);

/** Unanswered is "" (the spec's empty default), so a missing or null answer is accepted as one. */
function text(value: unknown) {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value.trim() : value;
}

/** Nested maps may arrive as JSON strings (a urlencoded API body); missing means all false. */
function object(value: unknown) {
  if (value === undefined || value === null || value === "") return {};
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function choice<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  const message = `${field} must be one of: ${values.join(", ")}`;
  // z.enum wants a mutable tuple; the spread keeps the literal types, "" being "unanswered".
  const options = ["", ...values] as ["", ...T];
  return z.preprocess(text, z.enum(options, { errorMap: () => ({ message }) }));
}

function freeText(field: string) {
  return z.preprocess(
    text,
    z
      .string({ errorMap: () => ({ message: `${field} must be text` }) })
      .max(TEXT_LIMIT, `${field} must be at most 2,000 characters`),
  );
}

function flag(field: string) {
  return z.preprocess(
    (value) => value ?? false,
    z.boolean({ errorMap: () => ({ message: `${field} must be true or false` }) }),
  );
}

function flags<const T extends readonly string[]>(field: string, keys: T) {
  const shape = Object.fromEntries(keys.map((key) => [key, flag(`${field}.${key}`)]));
  return z.preprocess(
    object,
    z.object(shape as Record<T[number], ReturnType<typeof flag>>, {
      errorMap: () => ({ message: `${field} must be an object` }),
    }),
  );
}

const availability = z
  .preprocess(
    object,
    z.record(z.string(), flag("availability"), {
      errorMap: () => ({ message: "availability must be an object keyed by window" }),
    }),
  )
  .superRefine((map, ctx) => {
    for (const label of Object.keys(map)) {
      if (!KNOWN_WINDOWS.has(label)) {
        ctx.addIssue({ code: "custom", path: [label], message: `Unknown availability window: ${label}` });
      }
    }
  })
  // Stored with every window present, so readers never meet a missing key.
  .transform((map) => Object.fromEntries(WINDOWS.map((label) => [label, map[label] === true])));

const shirtSize = (holder: string) => choice(`shirt_size.${holder}`, SHIRT_SIZES);

/**
 * The whole survey (spec section 3), shared by the survey form and POST /api/survey. Every answer
 * may be missing (the spec lets Next through unanswered); a present one must be valid.
 */
export const surveySchema = z.object({
  name: freeText("name"),
  attending: choice("attending", ATTENDING),
  availability,
  sgw_extension: choice("sgw_extension", EXTENSIONS),
  countries: flags("countries", COUNTRIES),
  previous_locale: choice("previous_locale", YES_NO),
  sober: choice("sober", YES_NO),
  extra_guests: flags("extra_guests", EXTRA_GUESTS),
  share_room: choice("share_room", YES_NO),
  shirt_size: z.preprocess(
    object,
    z.object(
      { self: shirtSize("self"), boo: shirtSize("boo"), child: shirtSize("child") },
      { errorMap: () => ({ message: "shirt_size must be an object" }) },
    ),
  ),
  fate_change: choice("fate_change", AYE_NAY),
  sgw24_attendee: choice("sgw24_attendee", YES_NO),
  sgw24_concerns: freeText("sgw24_concerns"),
  sgw25_suggestions: freeText("sgw25_suggestions"),
  sgw25_dont_wanna_see: freeText("sgw25_dont_wanna_see"),
});

type Field = keyof SurveyAnswers;

/** Answers as a form may carry them before validation: any text where the survey has a choice. */
export type SurveyInput = { [K in Field]: SurveyAnswers[K] extends string ? string : SurveyAnswers[K] };

/** The answers each section's form carries; 3, 6 and 7 carry none. */
export const SECTION_FIELDS: Record<Section, readonly Field[]> = {
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

export type FieldErrors = Record<string, string>;

/** One message per field path ("shirt_size.boo", "availability.<label>"), the first one wins. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  return firstErrorPerField(error, "survey");
}

/** Validates a whole survey, e.g. an API body or the draft at submit time. */
export function parseSurvey(
  input: unknown,
): { success: true; data: SurveyAnswers } | { success: false; error: z.ZodError } {
  return surveySchema.safeParse(input);
}

function chosen(form: FormData, name: string, keys: readonly string[]) {
  const ticked = new Set(form.getAll(name).map(String));
  return Object.fromEntries(keys.map((key) => [key, ticked.has(key)]));
}

/**
 * A section's answers as its HTML form posts them: radios and text by name, checkbox groups as
 * repeated values (an unticked box posts nothing, so it reads as false), shirt sizes as
 * "shirt_size.<holder>". The result is what the member entered, valid or not.
 */
export function readSectionForm(section: Section, form: FormData): Partial<SurveyInput> {
  const values: Record<string, unknown> = {};
  for (const field of SECTION_FIELDS[section]) {
    if (field === "availability") {
      const ticked = form.getAll("availability").map(String);
      values.availability = {
        ...emptySurvey().availability,
        ...Object.fromEntries(ticked.map((label) => [label, true])),
      };
    } else if (field === "countries") {
      values.countries = chosen(form, "countries", COUNTRIES);
    } else if (field === "extra_guests") {
      values.extra_guests = chosen(form, "extra_guests", EXTRA_GUESTS);
    } else if (field === "shirt_size") {
      const [self, boo, child] = SHIRT_HOLDERS.map((holder) =>
        String(form.get(`shirt_size.${holder}`) ?? ""),
      );
      values.shirt_size = { self, boo, child };
    } else {
      values[field] = String(form.get(field) ?? "");
    }
  }
  return values as Partial<SurveyInput>;
}

/** Validates one section's form: its answers, or the messages and the input to show again. */
export function parseSectionForm(
  section: Section,
  form: FormData,
):
  | { success: true; answers: Partial<SurveyAnswers> }
  | { success: false; values: Partial<SurveyInput>; fieldErrors: FieldErrors } {
  const values = readSectionForm(section, form);
  const mask = Object.fromEntries(SECTION_FIELDS[section].map((field) => [field, true])) as {
    [K in Field]?: true;
  };
  const result = surveySchema.pick(mask).safeParse(values);
  if (result.success) return { success: true, answers: result.data as Partial<SurveyAnswers> };
  return { success: false, values, fieldErrors: fieldErrorsOf(result.error) };
}
