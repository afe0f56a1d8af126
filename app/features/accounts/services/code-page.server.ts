import { data } from "@remix-run/node";
import type { FormFailure } from "~/platform/lib/form-failure";
import { retryAfterHeaders } from "~/platform/lib/retry-after";
import { assertSameOrigin } from "~/platform/services/session.server";
import { AuthFailure } from "~/features/accounts/services/auth.server";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** What the "type the code" page posts, trimmed: the address, the code and the kind's own fields. */
export type CodePost = { email: string; code: string; values: Record<string, string>; form: FormData };

/**
 * The action of a "type the code" page (signing in, registering): a post with a `code` is checked
 * by `verify`, one without asks `request` to mail a code. A refusal comes back in the one failure
 * shape, with what was typed, as 400 (429 with Retry-After when a limit refused it).
 */
export async function codePageAction(
  request: Request,
  kind: {
    /** The kind's own fields, carried back on a refusal. */
    fields: string[];
    request: (post: CodePost) => Promise<Response>;
    verify: (post: CodePost) => Promise<Response>;
  },
) {
  assertSameOrigin(request);
  const form = await request.formData();
  const email = text(form, "email");
  const code = text(form, "code");
  const values = Object.fromEntries(kind.fields.map((name) => [name, text(form, name)]));
  const intent = form.has("code") ? "verify" : "request";
  const handler = intent === "verify" ? kind.verify : kind.request;
  try {
    return await handler({ email, code, values, form });
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    return data<FormFailure>(
      {
        form: intent,
        error: error.message,
        fieldErrors: error.fieldErrors,
        values: { email, ...values, code },
      },
      { status: error.status === 429 ? 429 : 400, headers: retryAfterHeaders(error.retryAfter) },
    );
  }
}
