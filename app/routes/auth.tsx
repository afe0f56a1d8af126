import { data, redirect } from "@remix-run/node";
import { UNKNOWN_REQUEST, handlerFor } from "~/platform/lib/dispatch";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner } from "~/platform/components/banner";
import { LabelledInput } from "~/platform/components/labelled-input";
import { NameInput } from "~/platform/components/name-input";
import { ResetPasswordForm } from "~/features/accounts/components/reset-password-form";
import { KeepSignedIn } from "~/features/accounts/components/keep-signed-in";
import { nameFromLink, registerCodeUrl, signInCodeUrl } from "~/features/accounts/lib/sign-in-urls";
import { signInForm } from "~/features/accounts/lib/auth-forms";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/platform/lib/limits";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { authUrl, loginReasonMessage } from "~/platform/lib/login-url";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import {
  AuthFailure,
  authenticator,
  pageRefusal,
  registerMember,
  requestPasswordReset,
  resetPasswordFromForm,
  startMemberSession,
  REGISTERED_LANDING,
} from "~/features/accounts/index.server";
import { clientIp } from "~/platform/services/request-path.server";
import { readFlash, setFlash } from "~/platform/services/flash.server";
import { readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";
import { hasPendingInvitation } from "~/features/organiser/index.server";
import { normaliseEmail } from "~/platform/models/user.server";
import { assertSameOrigin, getUser, sessionOptionsFrom } from "~/platform/services/session.server";
import styles from "~/styles/auth.css";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { pageTitle } from "~/platform/lib/page-title";
import { passRetryAfter } from "~/platform/lib/retry-after";

/** Forms here are enhanced in the browser (see lib/hydration). */
export const handle = HYDRATE;

export const headers = passRetryAfter;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

type Mode = "login" | "register" | "forgot" | "reset";

const TITLES: Record<Mode, string> = {
  login: "Login",
  register: "Register",
  forgot: "Forgot Password",
  reset: "Reset Password",
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, TITLES[data?.mode ?? "login"]) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) return redirect("/");
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  const requested = params.get("mode");
  const mode: Mode = token
    ? "reset"
    : requested === "register" || requested === "forgot"
      ? requested
      : "login";
  const { flash, setCookie } = await readFlash(request);
  // An invitation's link fills in the invited address (and the name the organiser's list gave).
  const prefill = /^[^\s@]{1,64}@[^\s@]{1,190}$/.test(params.get("email") ?? "") ? params.get("email") : null;
  return data(
    {
      mode,
      token,
      redirectTo: safeRedirect(params.get("redirect")),
      flash,
      reason: loginReasonMessage(params.get("reason")),
      prefill,
      prefillName: prefill ? (nameFromLink(params.get("name")) ?? null) : null,
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

// The spec's banner wording: 'Login failed: ' + error, 'Registration failed: ' + error, else 'Error: '.
const BANNER_PREFIX: Record<string, string> = {
  login: "Login failed: ",
  register: "Registration failed: ",
};

/**
 * The address an invitation's register form was opened for, when the form posted it, the member
 * registers that same address and its invitation is pending: checked here, never taken on trust.
 */
async function invitedAddress(invitation: string | undefined, email: string) {
  if (!invitation || normaliseEmail(invitation) !== normaliseEmail(email)) return undefined;
  return (await hasPendingInvitation(invitation)) ? normaliseEmail(invitation) : undefined;
}

/** Network and 5xx failures keep the page and its input (see submit-failure.ts). */
export const clientAction = keepInputOnFailure;

export async function action({ request }: ActionFunctionArgs) {
  // Every post here must come from our own origin (403 otherwise), cookie or not: this also stops
  // another site from logging a visitor into an account of its choosing.
  assertSameOrigin(request);
  // A copy: the login's strategy (remix-auth's FormStrategy) reads the post itself.
  const read = await readForm(request.clone(), signInForm, { keep: ["email", "name"] });
  if (!read.ok) return refuse(read.failure);
  const { data: form, values } = read;
  const intent = form.intent ?? "";
  const redirectTo = safeRedirect(form.redirect);
  const flashTo = async (message: string, email?: string) =>
    redirect(authUrl(redirectTo), {
      headers: { "Set-Cookie": await setFlash({ message, email }) },
    });

  try {
    switch (intent) {
      case "login": {
        const user = await authenticator.authenticate("form", request);
        // A survey section or house sent after the session had ended is saved now (docs/decisions/007-pending-submissions.md).
        return startMemberSession(request, user, redirectTo, sessionOptionsFrom(request, form.keep));
      }
      case "register": {
        // Read before the account exists: afterwards the invitation is no longer pending.
        const invited = await invitedAddress(form.invitation, values.email);
        const user = await registerMember(form, clientIp(request));
        // From an invitation: signed in as a login would, and on to the survey the invitation asks for.
        if (invited && user.email === invited)
          return startMemberSession(
            request,
            user,
            REGISTERED_LANDING,
            sessionOptionsFrom(request, form.keep),
          );
        return flashTo("Registration successful! You can now log in.", user.email);
      }
      case "forgot": {
        await requestPasswordReset(form, clientIp(request));
        return flashTo("Password reset link sent. Please check your email.", values.email);
      }
      case "reset": {
        const outcome = await resetPasswordFromForm(request, form);
        return outcome instanceof Response
          ? outcome
          : refuse({ form: intent, error: outcome.error, values }, outcome);
      }
      default:
        return refuse({ form: intent, error: UNKNOWN_REQUEST, values });
    }
  } catch (thrown) {
    if (!(thrown instanceof AuthFailure)) throw thrown;
    const error = (handlerFor(BANNER_PREFIX, intent) ?? "Error: ") + thrown.message;
    return refuse({ form: intent, error, values }, pageRefusal(thrown));
  }
}

export default function Auth() {
  const { mode, token, redirectTo, flash, reason, prefill, prefillName } = useLoaderData<typeof loader>();
  const data = useActionResult<typeof action>();
  const navigation = useNavigation();
  const failure = failureFor<FormFailure>(data, mode);
  const error = failure?.error;
  const email = failure?.values?.email || flash?.email || prefill || undefined;
  return (
    <section className="card auth-card">
      <h1>{TITLES[mode]}</h1>
      {/* Why the member was sent here (a post after the session ended), in the spec's words. */}
      {reason && !data ? (
        <p role="alert" className="alert alert-error">
          {reason}
        </p>
      ) : null}
      {/* A failed post does not reload the loader's flash, so the newer error replaces it. */}
      <Banner kind="success" message={data ? undefined : flash?.message} source={flash} />
      {mode === "reset" ? (
        <ResetPasswordForm token={token ?? ""} error={error} source={data} />
      ) : (
        <>
          <Banner kind="error" message={error} source={data} />
          <Form method="post" key={mode}>
            <input type="hidden" name="intent" value={mode} />
            <input type="hidden" name="redirect" value={redirectTo} />
            {mode === "register" ? (
              <div className="field">
                <label htmlFor="name">Name (optional)</label>
                <NameInput defaultValue={failure ? failure.values?.name : (prefillName ?? undefined)} />
              </div>
            ) : null}
            <LabelledInput
              label="Email"
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={EMAIL_MAX}
              defaultValue={email}
            />
            {mode !== "forgot" ? (
              <LabelledInput
                label="Password"
                id="password"
                name="password"
                type="password"
                required
                autoComplete={mode === "register" ? "new-password" : "current-password"}
                minLength={mode === "register" ? PASSWORD_MIN : undefined}
                maxLength={PASSWORD_MAX}
              >
                {mode === "register" ? (
                  <span className="muted">At least {PASSWORD_MIN} characters.</span>
                ) : null}
              </LabelledInput>
            ) : null}
            {mode === "register" && prefill ? (
              // An invitation's form signs the member in once registered: the same choice a login offers.
              <>
                <input type="hidden" name="invitation" value={prefill} />
                <KeepSignedIn />
              </>
            ) : null}
            {mode === "login" ? <KeepSignedIn /> : null}
            <button type="submit" className="button">
              {mode === "login" ? "Login" : mode === "register" ? "Register" : "Send Reset Link"}
            </button>
            {mode === "login" ? (
              // Posts the same form to the code page; the password is not needed there.
              <button
                type="submit"
                formAction={signInCodeUrl(redirectTo)}
                formNoValidate
                className="button button-secondary code-button"
              >
                E-mail me a sign-in code
              </button>
            ) : null}
          </Form>
        </>
      )}
      {mode === "register" && prefill ? (
        // Only an invitation's link fills in the address: the plain register form stays as the spec has it.
        <p className="auth-links">
          <span>
            Invited?{" "}
            <Link to={registerCodeUrl(prefill, { name: prefillName ?? undefined })}>
              Register with a code instead of a password
            </Link>
          </span>
        </p>
      ) : null}
      <ModeLinks mode={mode} redirectTo={redirectTo} />
      {navigation.state !== "idle" && navigation.formMethod ? (
        <div className="loading-overlay" role="status" aria-live="polite">
          <span>Loading...</span>
        </div>
      ) : null}
    </section>
  );
}

/** Mode links are plain links so they work without JavaScript; the redirect target rides along. */
function ModeLinks({ mode, redirectTo }: { mode: Mode; redirectTo: string }) {
  if (mode === "login") {
    return (
      <p className="auth-links">
        <Link to={authUrl(redirectTo, { mode: "forgot" })}>Forgot Password?</Link>
        <span>
          No account yet? <Link to={authUrl(redirectTo, { mode: "register" })}>Register here</Link>
        </span>
      </p>
    );
  }
  if (mode === "register") {
    return (
      <p className="auth-links">
        <span>
          Already have an account? <Link to={authUrl(redirectTo)}>Login here</Link>
        </span>
      </p>
    );
  }
  return (
    <p className="auth-links">
      <Link to={authUrl(redirectTo)}>Back to Login</Link>
    </p>
  );
}
