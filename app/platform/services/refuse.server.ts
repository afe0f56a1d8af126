import { data } from "@remix-run/node";
import type { FormFailure } from "~/platform/lib/form-failure";
import { retryAfterHeaders } from "~/platform/lib/retry-after";

/**
 * The one way a page form's action refuses a post (docs/decisions/026-one-form-answer.md): the
 * failure (its message, the refused fields, what was typed, which form) with status 400, or the
 * status given (422; 429 with the seconds to wait in Retry-After). The view shows it with
 * `AnswerForm`/`FormAnswer` (`~/platform/components/form-answer`). A post sent by the browser's
 * script gets it as a 200 (`entry.server.tsx`): a refusal is an expected answer, not an error in
 * the console. What was posted is read by `readForm` (`read-form.server.ts`), whose failure this takes.
 */
export function refuse<Values = Record<string, string>>(
  failure: FormFailure<Values>,
  init: { status?: number; retryAfter?: number } = {},
) {
  return data<FormFailure<Values>>(failure, {
    status: init.status ?? 400,
    headers: retryAfterHeaders(init.retryAfter),
  });
}

/** Statuses of a refusal the member can act on; a script's post gets them as 200 (entry.server.tsx). */
export const REFUSAL_STATUSES = new Set([400, 422]);

/** Tells the network panel what the 200 stands for. */
export const REFUSED_HEADER = "X-Form-Refused";
