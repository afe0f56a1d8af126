/**
 * The one shape in which every page form's action refuses a submission, and the one its view reads;
 * the browser's own failures (no answer, a 5xx) arrive in it too (submit-failure.ts).
 *
 * - `error`: the message for the form as a whole, shown in its `role="alert"` place.
 * - `fieldErrors`: one message per refused field (first zod issue per path, see field-errors.ts).
 * - `values`: the input as it was sent, so the form shows it again.
 * - `form`: on a page with several forms, the one it is about: the posted `intent` (the /auth
 *   modes), `house-<id>` (a house card), or the organiser panel.
 */
export type FormFailure<Values = Record<string, string>> = {
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: Values;
  form?: string;
};

/**
 * A hidden field naming where a form's answers go when its `intent` is not that place (several intents
 * answered in one place, an id in the key): the browser's own failures (submit-failure.ts) read it,
 * so a cut network is said in the form that was sent (`AnswersAt`).
 */
export const ANSWER_FIELD = "_form";

/** The form key of a house card's forms (votes, organiser controls). */
export const houseForm = (houseId: number) => `house-${houseId}`;

/**
 * `data` (an action's answer) when it is a failure about `form`; with no `form`, any failure.
 * Anything else (no answer yet, a success) gives undefined.
 */
export function failureFor<F extends FormFailure<unknown>>(data: F | object | undefined, form?: string) {
  if (!data || !("error" in data || "fieldErrors" in data)) return undefined;
  const failure = data as F;
  return form === undefined || failure.form === form ? failure : undefined;
}
