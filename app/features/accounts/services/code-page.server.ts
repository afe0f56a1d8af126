import { readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";
import { assertSameOrigin } from "~/platform/services/session.server";
import { signInForm, type SignInFields } from "~/features/accounts/lib/auth-forms";
import { AuthFailure, pageRefusal } from "~/features/accounts/services/auth.server";

/** What the "type the code" page posts, as read: the address, the code, the kind's own fields, the rest. */
export type CodePost = {
  email: string;
  code: string;
  values: Record<string, string>;
  fields: SignInFields;
};

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
  const read = await readForm(request, signInForm, { keep: ["email", ...kind.fields, "code"] });
  if (!read.ok) return refuse(read.failure);
  const { values } = read;
  const intent = read.data.code === undefined ? "request" : "verify";
  const handler = intent === "verify" ? kind.verify : kind.request;
  try {
    return await handler({ email: values.email, code: values.code, values, fields: read.data });
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    return refuse(
      { form: intent, error: error.message, fieldErrors: error.fieldErrors, values },
      pageRefusal(error),
    );
  }
}
