import { z } from "zod";
import { firstErrorPerField } from "~/platform/lib/field-errors";
import { sectionFields, type SurveyAnswers } from "~/features/survey/lib/survey-fields";
import type { Section } from "~/features/survey/lib/survey-flow";
import { WINDOWS } from "~/features/season/lib/weekends";

import { SURVEY_TEXT_MAX, tooLong } from "~/platform/lib/limits";
import {
  SGW25_NAMES,
  SURVEY_QUESTIONS,
  wordingOf,
  type EditionNames,
  type Question,
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

function choice(question: string, labels: Readonly<Record<string, string>>) {
  const values = Object.keys(labels);
  const message = `${quoted(question)}: choose one of ${optionList(values.map((value) => labels[value]))}`;
  return z.preprocess(
    text,
    z.enum(["", ...values] as [string, ...string[]], { errorMap: () => ({ message }) }),
  );
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

function flags(question: string, keys: readonly string[]) {
  const shape = Object.fromEntries(keys.map((key) => [key, flag(question)]));
  return z.preprocess(
    object,
    z.object(shape, {
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

/** What an edition's survey depends on: its availability windows and the names its questions use. */
export type SurveyEdition = { windows: readonly string[]; names: EditionNames };

/** The 2025 edition's survey: the spec's 39 windows and wording. */
export const SPEC_SURVEY: SurveyEdition = { windows: WINDOWS, names: SGW25_NAMES };

/** A question's validator, from its kind; messages quote the question as this edition words it. */
function validatorOf(question: Question, { windows, names }: SurveyEdition) {
  const wording = wordingOf(question, names);
  switch (question.kind) {
    case "text":
      return freeText(wording, question.max);
    case "choice":
      return choice(wording, question.options);
    case "flags":
      return flags(wording, Object.keys(question.options));
    case "availability":
      return availabilityOf(windows, wording);
    case "sizes": {
      const sizes = Object.fromEntries(question.sizes.map((size) => [size, size.toUpperCase()]));
      const holders = Object.entries(question.holders).map(([holder, label]) => [
        holder,
        choice(label, sizes),
      ]);
      return z.preprocess(
        object,
        z.object(Object.fromEntries(holders), {
          errorMap: () => ({ message: `${quoted(wording)}: send the sizes as an object` }),
        }),
      );
    }
  }
}

/**
 * The whole survey (spec section 3) of an edition, shared by the survey form and POST /api/survey.
 * Every answer may be missing (the spec lets Next through unanswered); a present one must be valid.
 */
function buildSurveySchema(edition: SurveyEdition, questions: readonly Question[] = SURVEY_QUESTIONS) {
  return z.object(
    Object.fromEntries(questions.map((question) => [question.key, validatorOf(question, edition)])),
  ) as unknown as z.ZodType<SurveyAnswers, z.ZodTypeDef, unknown> & {
    pick: (mask: Record<string, true>) => z.ZodType<Partial<SurveyAnswers>, z.ZodTypeDef, unknown>;
  };
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

/**
 * A section form's fields as read (readForm): every name with all its values, since a checkbox group
 * posts its name once per ticked box (the section's questions say which names are single).
 */
export const surveyFields = z.record(z.array(z.string()));
export type SurveyFields = z.output<typeof surveyFields>;

/** The fields again as the name/value pairs a form posts (a section kept for after a login). */
export const fieldPairs = (fields: SurveyFields) =>
  Object.entries(fields).flatMap(([name, values]) => values.map((value): [string, string] => [name, value]));

/**
 * A section's answers as its HTML form posts them: radios and text by name, checkbox groups as
 * repeated values (an unticked box posts nothing, so it reads as false), sizes as "<key>.<holder>".
 * The result is what the member entered, valid or not.
 */
export function readSectionForm(
  section: Section,
  form: SurveyFields,
  windows: readonly string[] = WINDOWS,
  questions: readonly Question[] = SURVEY_QUESTIONS,
): Partial<SurveyInput> {
  const values: Record<string, unknown> = {};
  for (const question of questions.filter((each) => each.section === section)) {
    const { key } = question;
    const ticked = new Set(form[key]);
    if (question.kind === "availability") {
      // An unknown window stays in, so validation names it instead of dropping it unseen.
      values[key] = {
        ...Object.fromEntries(windows.map((label) => [label, false])),
        ...Object.fromEntries([...ticked].map((label) => [label, true])),
      };
    } else if (question.kind === "flags") {
      values[key] = Object.fromEntries(
        Object.keys(question.options).map((option) => [option, ticked.has(option)]),
      );
    } else if (question.kind === "sizes") {
      values[key] = Object.fromEntries(
        Object.keys(question.holders).map((holder) => [holder, form[`${key}.${holder}`]?.[0] ?? ""]),
      );
    } else {
      values[key] = form[key]?.[0] ?? "";
    }
  }
  return values as Partial<SurveyInput>;
}

/** Validates one section's form: its answers, or the messages and the input to show again. */
export function parseSectionForm(
  section: Section,
  form: SurveyFields,
  edition: SurveyEdition = SPEC_SURVEY,
):
  | { success: true; answers: Partial<SurveyAnswers> }
  | { success: false; values: Partial<SurveyInput>; fieldErrors: FieldErrors } {
  const values = readSectionForm(section, form, edition.windows);
  const mask = Object.fromEntries(sectionFields(section).map((field) => [field, true as const]));
  const result = surveySchemaFor(edition).pick(mask).safeParse(values);
  if (result.success) return { success: true, answers: result.data as Partial<SurveyAnswers> };
  return { success: false, values, fieldErrors: fieldErrorsOf(result.error) };
}
