import type { ZodError } from "zod";

/**
 * One message per field path ("shirt_size.boo", "state"), the first one wins. Issues about the
 * whole input land under `fallback`. Shared by the forms and the /api error bodies.
 */
export function firstErrorPerField(error: ZodError, fallback = "body"): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join(".") || fallback] ??= issue.message;
  return errors;
}

/** A refused parse as a form answers it: one message per field, the first of them for the whole form. */
export function failureOf(error: ZodError, fallback?: string) {
  const fieldErrors = firstErrorPerField(error, fallback);
  return { error: Object.values(fieldErrors)[0], fieldErrors };
}
