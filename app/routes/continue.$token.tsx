import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { pageTitle } from "~/platform/lib/page-title";
import { passRetryAfter } from "~/platform/lib/retry-after";
import { setFlash } from "~/platform/services/flash.server";
import { readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";
import { clientIp } from "~/platform/services/request-path.server";
import { assertSameOrigin, sessionOptionsFrom } from "~/platform/services/session.server";
import { ContinueAs } from "~/features/accounts/components/continue-as";
import { signInForm } from "~/features/accounts/lib/auth-forms";
import { signInCodeUrl } from "~/features/accounts/lib/sign-in-urls";
import {
  startMemberSession,
  AuthFailure,
  pageRefusal,
  codeForExpiredLink,
  personalLinkState,
  signInWithPersonalLink,
} from "~/features/accounts/index.server";
import styles from "~/styles/auth.css";

export const handle = HYDRATE;
export const headers = passRetryAfter;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Sign in") }];

/** A mail's personal link: the visit shows one button and signs nobody in (mail scanners open links). */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await personalLinkState(params.token ?? "");
  return link.state === "live" ? { state: link.state, name: link.name } : { state: link.state, name: null };
}

export const clientAction = keepInputOnFailure;

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const read = await readForm(request, signInForm);
  if (!read.ok) return refuse(read.failure);
  const token = params.token ?? "";
  try {
    if (read.data.intent === "code") {
      const { email, target } = await codeForExpiredLink(token, clientIp(request));
      // The address rides in the short-lived signed flash cookie, never in the URL (history, logs, Referer).
      return redirect(signInCodeUrl(target), {
        headers: { "Set-Cookie": await setFlash({ message: "", email }) },
      });
    }
    const { user, target } = await signInWithPersonalLink(token, clientIp(request));
    return startMemberSession(request, user, target, sessionOptionsFrom(request, read.data.keep));
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    return refuse({ error: error.message }, pageRefusal(error));
  }
}

export const LINK_EXPIRED =
  "This link has expired: links in our mails work for 14 days, or until the survey closes.";
const LINK_GONE = "This link no longer signs anyone in (it was replaced, or you logged out everywhere).";

export default function ContinueLink() {
  const { state, name } = useLoaderData<typeof loader>();
  const failure = failureFor<FormFailure>(useActionResult<typeof action>());
  return (
    <section className="card auth-card">
      <h1>Sign in</h1>
      {state === "live" && name ? <ContinueAs name={name} error={failure?.error} /> : null}
      {state === "expired" ? (
        <>
          <p role="alert" className="alert alert-error">
            {failure?.error ?? LINK_EXPIRED}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="code" />
            <button type="submit" className="button">
              E-mail me a sign-in code
            </button>
          </Form>
        </>
      ) : null}
      {state === "unknown" ? (
        <>
          <p role="alert" className="alert alert-error">
            {LINK_GONE}
          </p>
          <p className="auth-links">
            <Link to={signInCodeUrl("/")}>Sign in with a code</Link>
            <Link to="/auth">Login</Link>
          </p>
        </>
      ) : null}
    </section>
  );
}
