import {
  ZodArray,
  ZodBranded,
  ZodCatch,
  ZodDefault,
  ZodDiscriminatedUnion,
  ZodEffects,
  ZodIntersection,
  ZodLazy,
  ZodNullable,
  ZodObject,
  ZodOptional,
  ZodPipeline,
  ZodReadonly,
  ZodRecord,
  ZodUnion,
  z,
  type ZodTypeAny,
} from "zod";
import { failureOf } from "~/platform/lib/field-errors";
import type { FormFailure } from "~/platform/lib/form-failure";

/**
 * The longest value a field is read with, unless its form allows it more (`max`): twice the longest
 * ordinary limit (a survey answer's 2,000 characters; a line break may arrive as two), so every
 * field's own limit still answers with its own message, while a 10,000-character entry is cut and
 * never comes back whole in a refusal.
 */
export const VALUE_MAX = 4_000;

/** The message of a post whose body is no form at all (the page's own forms never send one). */
export const UNREADABLE = "That form could not be read. Please try again.";

// Passwords are taken exactly as typed (a space is a character like any other) and never sent back.
const SECRET = /password/i;

/** Every field posted, one string each: for a page whose forms each check their own fields. */
export const anyFields = z.record(z.string());

/** What a refusal gives back to the form: each kept field as it was read (trimmed, cut). */
export type FormValues = Record<string, string>;

/** A page form as read: its data as the schema made it, or what `refuse()` needs to answer. */
export type FormRead<Data, Values = FormValues> =
  | { ok: true; data: Data; values: Values }
  | { ok: false; failure: FormFailure<Values> & { error: string }; values: Values };

export type ReadOptions<Kept extends string = string> = {
  /** The fields a refusal gives back; by default every single field posted. Never a password. */
  keep?: readonly Kept[];
  /** The refusal's message; by default the first refused field's. */
  error?: string;
  /** A field's own cut where it is not VALUE_MAX: longer (an invitation list), or as stored (a note). */
  max?: Readonly<Record<string, number>>;
};

/** The schemas a schema wraps for the same input: an object inside a refine, each side of a union. */
function wrapped(schema: ZodTypeAny): ZodTypeAny[] {
  if (schema instanceof ZodOptional || schema instanceof ZodNullable || schema instanceof ZodBranded)
    return [schema.unwrap()];
  if (schema instanceof ZodDefault) return [schema.removeDefault()];
  if (schema instanceof ZodCatch) return [schema.removeCatch()];
  if (schema instanceof ZodReadonly) return [schema._def.innerType];
  if (schema instanceof ZodEffects) return [schema.innerType()];
  if (schema instanceof ZodPipeline) return [schema._def.in];
  if (schema instanceof ZodLazy) return [schema.schema];
  if (schema instanceof ZodIntersection) return [schema._def.left, schema._def.right];
  if (schema instanceof ZodUnion || schema instanceof ZodDiscriminatedUnion) return [...schema.options];
  return [];
}

const takesList = (schema: ZodTypeAny): boolean =>
  schema instanceof ZodArray || wrapped(schema).some(takesList);

type Lists = { names: Set<string>; singles: Set<string>; others: boolean };

/**
 * Which posted names are lists (every value posted under the name: ticked boxes, `keep=off&keep=on`):
 * the object keys the schema describes with `z.array`, and every other name when its catchall or
 * record takes arrays.
 */
function listsIn(schema: ZodTypeAny, lists: Lists = { names: new Set(), singles: new Set(), others: false }) {
  if (schema instanceof ZodObject) {
    for (const [name, field] of Object.entries<ZodTypeAny>(schema.shape))
      (takesList(field) ? lists.names : lists.singles).add(name);
    if (takesList(schema._def.catchall)) lists.others = true;
  } else if (schema instanceof ZodRecord) {
    if (takesList(schema.valueSchema)) lists.others = true;
  } else for (const inner of wrapped(schema)) listsIn(inner, lists);
  return lists;
}

const single = (value: string | string[] | undefined) => (typeof value === "string" ? value : "");

function keptValues<Kept extends string>(read: Map<string, string | string[]>, keep?: readonly Kept[]) {
  const names = keep ?? [...read.keys()].filter((name) => typeof read.get(name) === "string");
  return Object.fromEntries(
    names.filter((name) => !SECRET.test(name)).map((name) => [name, single(read.get(name))]),
  ) as Record<Kept, string>;
}

/**
 * Fields as a page form posts them, read as `readForm` reads a request; for fields kept from an
 * earlier post (a section sent after the session ended, saved after the login).
 */
export function parseForm<Schema extends ZodTypeAny, Kept extends string = string>(
  entries: Iterable<[string, FormDataEntryValue]>,
  schema: Schema,
  options: ReadOptions<Kept> = {},
): FormRead<z.output<Schema>, Record<Kept, string>> {
  const lists = listsIn(schema);
  // A Map, then own properties only: a field named `__proto__` or `constructor` stays a field.
  const read = new Map<string, string | string[]>([...lists.names].map((name) => [name, []]));
  for (const [name, entry] of entries) {
    // Page forms post urlencoded fields only (request-path.server's refuseContentType): no files.
    if (typeof entry !== "string") continue;
    const value = (SECRET.test(name) ? entry : entry.trim()).slice(0, options.max?.[name] ?? VALUE_MAX);
    const list = read.get(name);
    if (Array.isArray(list)) list.push(value);
    else if (list === undefined && lists.others && !lists.singles.has(name)) read.set(name, [value]);
    // A single field posted twice keeps the last, as the submit button that follows a hidden field
    // of its name (the password form's "E-mail me a code" beside its `intent`).
    else read.set(name, value);
  }
  const values = keptValues(read, options.keep);
  const parsed = schema.safeParse(Object.fromEntries(read));
  if (parsed.success) return { ok: true, data: parsed.data, values };
  const { error, fieldErrors } = failureOf(parsed.error);
  return { ok: false, failure: { error: options.error ?? error, fieldErrors, values }, values };
}

/**
 * The one way a page form's action reads its post: every value trimmed (a password as typed) and
 * cut (VALUE_MAX, or the form's `max`), a name the schema describes as an array read as the list
 * of its values, then parsed with the schema. The answer is the parsed data, or what `refuse()`
 * needs: the message, one message per refused field, and the kept values as read, so that
 * `if (!read.ok) return refuse({ ...read.failure, form })`. Both carry `values`, for a refusal
 * that comes later (a link found spent, a limit reached).
 */
export async function readForm<Schema extends ZodTypeAny, Kept extends string = string>(
  request: Request,
  schema: Schema,
  options: ReadOptions<Kept> = {},
): Promise<FormRead<z.output<Schema>, Record<Kept, string>>> {
  const form = await request.formData().catch(() => null);
  if (form) return parseForm(form, schema, options);
  const values = keptValues(new Map(), options.keep);
  // Nothing was read, so nothing is given back: the form shows what it showed before.
  return { ok: false, failure: { error: UNREADABLE }, values };
}
