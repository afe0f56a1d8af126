import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Banner } from "~/platform/components/banner";
import { LabelledInput } from "~/platform/components/labelled-input";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { EMAIL_MAX, NAME_MAX } from "~/platform/lib/limits";
import { pageTitle } from "~/platform/lib/page-title";
import { passRetryAfter, retryAfterHeaders } from "~/platform/lib/retry-after";
import { clientIp } from "~/platform/services/request-path.server";
import { assertSameOrigin, getUser, sessionOptionsFrom } from "~/platform/services/session.server";
import { CodeField, CodeRequestForm, EmailField } from "~/features/accounts/components/code-fields";
import { KeepSignedIn } from "~/features/accounts/components/keep-signed-in";
import { nameFromLink, registerCodeUrl, registerFormUrl } from "~/features/accounts/lib/sign-in-urls";
import {
  startMemberSession,
  AuthFailure,
  REGISTERED_LANDING,
  registerWithCode,
  requestRegisterCode,
} from "~/features/accounts/index.server";
import styles from "~/styles/auth.css";

export const handle = HYDRATE;
export const headers = passRetryAfter;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Register with a code") }];

const SENT =
  "If this address was invited, a 6-digit code is on its way (if it has an account already, a sign-in code). Asking again within 15 minutes sends the same code.";

/** The page only repeats what its URL says, so it is the same for any address. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) return redirect("/");
  const params = new URL(request.url).searchParams;
  return {
    email: params.get("email")?.trim().slice(0, EMAIL_MAX) ?? "",
    // The name an invitation's link carried from the organiser's list: a prefill only.
    name: nameFromLink(params.get("name")) ?? "",
    sent: params.get("sent") === "1",
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

export const clientAction = keepInputOnFailure;

/** A post with a `code` creates the account; one without mails the code. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const email = text(form, "email");
  const name = text(form, "name");
  const intent = form.has("code") ? "verify" : "request";
  try {
    if (intent === "request") {
      const normalised = await requestRegisterCode({ email }, clientIp(request));
      return redirect(registerCodeUrl(normalised, { sent: true, name: nameFromLink(name) }));
    }
    const user = await registerWithCode({ email, name, code: text(form, "code") }, clientIp(request));
    return startMemberSession(request, user, REGISTERED_LANDING, sessionOptionsFrom(request, form));
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    return data<FormFailure>(
      {
        form: intent,
        error: error.message,
        fieldErrors: error.fieldErrors,
        values: { email, name, code: text(form, "code") },
      },
      { status: error.status === 429 ? 429 : 400, headers: retryAfterHeaders(error.retryAfter) },
    );
  }
}

export default function RegisterWithCode() {
  const { email, name, sent } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const verifyFailure = failureFor<FormFailure>(result, "verify");
  const requestFailure = failureFor<FormFailure>(result, "request");
  const shownEmail = verifyFailure?.values?.email ?? requestFailure?.values?.email ?? email;
  return (
    <section className="card auth-card">
      <h1>Register with a code</h1>
      <p>
        Invited by the organisers? Register without a password: we mail a 6-digit code to the invited address,
        you type it here. Later you sign in with a code or the links in our mails, and you can set a password
        on your account page.
      </p>
      {sent && !result ? (
        <p role="status" className="alert alert-success">
          {SENT}
        </p>
      ) : null}
      <Banner kind="error" message={requestFailure?.error} source={result} />
      {sent ? (
        <>
          <Banner kind="error" message={verifyFailure?.error} source={result} />
          <Form method="post">
            <EmailField id="email" defaultValue={shownEmail} />
            <LabelledInput
              label="Name (optional)"
              id="name"
              name="name"
              type="text"
              autoComplete="name"
              maxLength={NAME_MAX}
              defaultValue={verifyFailure ? verifyFailure.values?.name : name}
            />
            <CodeField failure={verifyFailure} />
            <KeepSignedIn />
            <button type="submit" className="button">
              Create my account
            </button>
          </Form>
        </>
      ) : null}
      <CodeRequestForm
        sent={sent}
        email={shownEmail}
        hidden={name ? { name } : {}}
        firstLabel="E-mail me a code"
      />
      <p className="auth-links">
        <Link to={registerFormUrl(email, name)}>Register with a password instead</Link>
        <Link to="/auth">Back to Login</Link>
      </p>
    </section>
  );
}
