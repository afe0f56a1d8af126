import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Banner } from "~/platform/components/banner";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { EMAIL_MAX } from "~/platform/lib/limits";
import { authUrl } from "~/platform/lib/login-url";
import { pageTitle } from "~/platform/lib/page-title";
import { passRetryAfter, retryAfterHeaders } from "~/platform/lib/retry-after";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import { clientIp } from "~/platform/services/request-path.server";
import { assertSameOrigin, getUser, sessionOptionsFrom } from "~/platform/services/session.server";
import { CodeField, CodeRequestForm, EmailField } from "~/features/accounts/components/code-fields";
import { KeepSignedIn } from "~/features/accounts/components/keep-signed-in";
import { signInCodeUrl } from "~/features/accounts/lib/sign-in-urls";
import {
  startMemberSession,
  AuthFailure,
  requestSignInCode,
  signInWithCode,
} from "~/features/accounts/index.server";
import styles from "~/styles/auth.css";

export const handle = HYDRATE;
export const headers = passRetryAfter;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Sign in with a code") }];

const SENT =
  "If that address has an account, a 6-digit code is on its way (otherwise a mail says so). Asking again within 15 minutes sends the same code.";

/** The page only repeats what its URL says, so it is the same for any address. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) return redirect("/");
  const params = new URL(request.url).searchParams;
  const email = params.get("email")?.trim().slice(0, EMAIL_MAX) ?? "";
  return {
    email,
    sent: Boolean(email),
    keep: params.get("keep") !== "0",
    redirectTo: safeRedirect(params.get("redirect")),
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

export const clientAction = keepInputOnFailure;

/** A post with a `code` signs in; one without asks for a code (from here or /auth's button). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const redirectTo = safeRedirect(text(form, "redirect"));
  const email = text(form, "email");
  const intent = form.has("code") ? "verify" : "request";
  try {
    if (intent === "request") {
      const normalised = await requestSignInCode({ email }, clientIp(request), redirectTo);
      const keep = sessionOptionsFrom(request, form).lifetime !== "browser";
      return redirect(signInCodeUrl(redirectTo, { email: normalised, keep }));
    }
    const user = await signInWithCode({ email, code: text(form, "code") }, clientIp(request));
    return startMemberSession(request, user, redirectTo, sessionOptionsFrom(request, form));
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    return data<FormFailure>(
      {
        form: intent,
        error: error.message,
        fieldErrors: error.fieldErrors,
        values: { email, code: text(form, "code") },
      },
      { status: error.status === 429 ? 429 : 400, headers: retryAfterHeaders(error.retryAfter) },
    );
  }
}

export default function SignInCode() {
  const { email, sent, keep, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const verifyFailure = failureFor<FormFailure>(result, "verify");
  const requestFailure = failureFor<FormFailure>(result, "request");
  const shownEmail = verifyFailure?.values?.email ?? requestFailure?.values?.email ?? email;
  return (
    <section className="card auth-card">
      <h1>Sign in with a code</h1>
      {sent && !result ? <p className="alert alert-success">{SENT}</p> : null}
      <Banner kind="error" message={requestFailure?.error} source={result} />
      {sent ? (
        <>
          <Banner kind="error" message={verifyFailure?.error} source={result} />
          <Form method="post">
            <input type="hidden" name="redirect" value={redirectTo} />
            <EmailField id="email" defaultValue={shownEmail} />
            <CodeField failure={verifyFailure} />
            <KeepSignedIn defaultChecked={keep} />
            <button type="submit" className="button">
              Sign in
            </button>
          </Form>
        </>
      ) : null}
      <CodeRequestForm
        sent={sent}
        email={shownEmail}
        hidden={{ redirect: redirectTo }}
        firstLabel="E-mail me a sign-in code"
      >
        {sent ? null : <KeepSignedIn defaultChecked={keep} />}
        {sent ? <input type="hidden" name="keep" value={keep ? "on" : "off"} /> : null}
      </CodeRequestForm>
      <p className="auth-links">
        <Link to={authUrl(redirectTo)}>Back to Login</Link>
      </p>
    </section>
  );
}
