import { z } from "zod";
import { firstErrorPerField } from "~/platform/lib/field-errors";
import { SECTION_FIELDS, emptySurvey, type SurveyAnswers } from "~/features/survey/lib/survey-fields";
import type { Section } from "~/features/survey/lib/survey-flow";
import { WINDOWS } from "~/features/editions/lib/weekends";

import { NAME_MAX, SURVEY_TEXT_MAX, tooLong } from "~/platform/lib/limits";
import {
  ATTENDING,
  AYE_NAY,
  COUNTRIES,
  EXTENSIONS,
  EXTRA_GUESTS,
  SHIRT_HOLDERS,
  SHIRT_SIZES,
  YES_NO,
} from "~/features/survey/lib/survey-choices";
import {
  ATTENDING_LABELS,
  AYE_NAY_LABELS,
  EXTENSION_LABELS,
  SGW25_NAMES,
  SHIRT_HOLDER_LABELS,
  YES_NO_LABELS,
  questionsFor,
  type EditionNames,
} from "~/features/survey/lib/survey-questions";

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

/** A question as the member sees it, quoted, so every message names it in the form's words. */
const quoted = (question: string) => `“${question}”`;

/** “Yes”, “No” or “Maybe”: the options as the form labels them. */
function optionList(labels: readonly string[]) {
  const each = labels.map(quoted);
  return each.length > 1 ? `${each.slice(0, -1).join(", ")} or ${each[each.length - 1]}` : each[0];
}

function choice<const T extends readonly [string, ...string[]]>(
  question: string,
  values: T,
  labels: Record<T[number], string>,
) {
  const message = `${quoted(question)}: choose one of ${optionList(values.map((value: T[number]) => labels[value]))}`;
  // z.enum wants a mutable tuple; the spread keeps the literal types, "" being "unanswered".
  const options = ["", ...values] as ["", ...T];
  return z.preprocess(text, z.enum(options, { errorMap: () => ({ message }) }));
}

function freeText(question: string, max = SURVEY_TEXT_MAX) {
  return z.preprocess(
    text,
    z
      .string({ errorMap: () => ({ message: `${quoted(question)} must be text` }) })
      .max(max, tooLong(quoted(question), max)),
  );
}

function flag(question: string) {
  return z.preprocess(
    (value) => value ?? false,
    z.boolean({
      errorMap: () => ({ message: `${quoted(question)}: each box is ticked (true) or not (false)` }),
    }),
  );
}

function flags<const T extends readonly string[]>(question: string, keys: T) {
  const shape = Object.fromEntries(keys.map((key) => [key, flag(question)]));
  return z.preprocess(
    object,
    z.object(shape as Record<T[number], ReturnType<typeof flag>>, {
      errorMap: () => ({ message: `${quoted(question)}: send the ticked boxes as an object` }),
    }),
  );
}

function availabilityOf(windows: readonly string[], question: string) {
  const known = new Set(windows);
  return (
    z
      .preprocess(
        object,
        z.record(z.string(), flag(question), {
          errorMap: () => ({ message: `${quoted(question)}: send the weekends as an object` }),
        }),
      )
      .superRefine((map, ctx) => {
        for (const label of Object.keys(map)) {
          if (!known.has(label)) {
            ctx.addIssue({
              code: "custom",
              path: [label],
              message: `${quoted(question)}: there is no weekend “${label}”`,
            });
          }
        }
      })
      // Stored with every window present, so readers never meet a missing key.
      .transform((map) => Object.fromEntries(windows.map((label) => [label, map[label] === true])))
  );
}

const SIZE_LABELS = Object.fromEntries(SHIRT_SIZES.map((size) => [size, size.toUpperCase()])) as Record<
  (typeof SHIRT_SIZES)[number],
  string
>;
const shirtSize = (holder: (typeof SHIRT_HOLDERS)[number]) =>
  choice(SHIRT_HOLDER_LABELS[holder], SHIRT_SIZES, SIZE_LABELS);

/** What an edition's survey depends on: its availability windows and the names its questions use. */
export type SurveyEdition = { windows: readonly string[]; names: EditionNames };

/** The 2025 edition's survey: the spec's 39 windows and wording. */
export const SPEC_SURVEY: SurveyEdition = { windows: WINDOWS, names: SGW25_NAMES };

/**
 * The whole survey (spec section 3) of an edition, shared by the survey form and POST /api/survey.
 * Every answer may be missing (the spec lets Next through unanswered); a present one must be valid.
 */
function buildSurveySchema({ windows, names }: SurveyEdition) {
  const QUESTIONS = questionsFor(names);
  return z.object({
    name: freeText(QUESTIONS.name, NAME_MAX),
    attending: choice(QUESTIONS.attending, ATTENDING, ATTENDING_LABELS),
    availability: availabilityOf(windows, QUESTIONS.availability),
    sgw_extension: choice(QUESTIONS.sgw_extension, EXTENSIONS, EXTENSION_LABELS),
    countries: flags(QUESTIONS.countries, COUNTRIES),
    previous_locale: choice(QUESTIONS.previous_locale, YES_NO, YES_NO_LABELS),
    sober: choice(QUESTIONS.sober, YES_NO, YES_NO_LABELS),
    extra_guests: flags(QUESTIONS.extra_guests, EXTRA_GUESTS),
    share_room: choice(QUESTIONS.share_room, YES_NO, YES_NO_LABELS),
    shirt_size: z.preprocess(
      object,
      z.object(
        { self: shirtSize("self"), boo: shirtSize("boo"), child: shirtSize("child") },
        { errorMap: () => ({ message: `${quoted(QUESTIONS.shirt_size)}: send the sizes as an object` }) },
      ),
    ),
    fate_change: choice(QUESTIONS.fate_change, AYE_NAY, AYE_NAY_LABELS),
    sgw24_attendee: choice(QUESTIONS.sgw24_attendee, YES_NO, YES_NO_LABELS),
    sgw24_concerns: freeText(QUESTIONS.sgw24_concerns),
    sgw25_suggestions: freeText(QUESTIONS.sgw25_suggestions),
    sgw25_dont_wanna_see: freeText(QUESTIONS.sgw25_dont_wanna_see),
  });
}

const schemas = new Map<string, ReturnType<typeof buildSurveySchema>>();

/** The survey's schema for an edition, built once per set of windows and names. */
export function surveySchemaFor(edition: SurveyEdition) {
  const key = JSON.stringify([edition.windows, edition.names.current, edition.names.previous]);
  let schema = schemas.get(key);
  if (!schema) {
    schema = buildSurveySchema(edition);
    schemas.set(key, schema);
  }
  return schema;
}

type Field = keyof SurveyAnswers;

/** Answers as a form may carry them before validation: any text where the survey has a choice. */
export type SurveyInput = { [K in Field]: SurveyAnswers[K] extends string ? string : SurveyAnswers[K] };

export type FieldErrors = Record<string, string>;

/** One message per field path ("shirt_size.boo", "availability.<label>"), the first one wins. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  return firstErrorPerField(error, "survey");
}

/** Validates a whole survey, e.g. an API body or the draft at submit time. */
export function parseSurvey(
  input: unknown,
  edition: SurveyEdition = SPEC_SURVEY,
): { success: true; data: SurveyAnswers } | { success: false; error: z.ZodError } {
  return surveySchemaFor(edition).safeParse(input);
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
export function readSectionForm(
  section: Section,
  form: FormData,
  windows: readonly string[] = WINDOWS,
): Partial<SurveyInput> {
  const values: Record<string, unknown> = {};
  for (const field of SECTION_FIELDS[section]) {
    if (field === "availability") {
      const ticked = form.getAll("availability").map(String);
      values.availability = {
        ...emptySurvey(windows).availability,
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
  edition: SurveyEdition = SPEC_SURVEY,
):
  | { success: true; answers: Partial<SurveyAnswers> }
  | { success: false; values: Partial<SurveyInput>; fieldErrors: FieldErrors } {
  const values = readSectionForm(section, form, edition.windows);
  const mask = Object.fromEntries(SECTION_FIELDS[section].map((field) => [field, true])) as {
    [K in Field]?: true;
  };
  const result = surveySchemaFor(edition).pick(mask).safeParse(values);
  if (result.success) return { success: true, answers: result.data as Partial<SurveyAnswers> };
  return { success: false, values, fieldErrors: fieldErrorsOf(result.error) };
}
