import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { pageTitle } from "~/platform/lib/page-title";
import { passRetryAfter } from "~/platform/lib/retry-after";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import { readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";
import { clientIp } from "~/platform/services/request-path.server";
import { assertSameOrigin, sessionOptionsFrom } from "~/platform/services/session.server";
import { ContinueAs } from "~/features/accounts/components/continue-as";
import { signInForm } from "~/features/accounts/lib/auth-forms";
import { CODE_INVALID } from "~/features/accounts/lib/auth-limits";
import { signInCodeUrl } from "~/features/accounts/lib/sign-in-urls";
import {
  startMemberSession,
  AuthFailure,
  pageRefusal,
  memberOfCodeLink,
  signInWithCodeLink,
} from "~/features/accounts/index.server";
import styles from "~/styles/auth.css";

export const handle = HYDRATE;
export const headers = passRetryAfter;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Sign in") }];

const params = (request: Request) => new URL(request.url).searchParams;

/** Looks at the link's code without spending it: a GET (a mail scanner's too) signs nobody in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = params(request).get("token") ?? "";
  const member = token ? await memberOfCodeLink(token) : undefined;
  return {
    name: member ? member.name || member.email : null,
    redirectTo: safeRedirect(params(request).get("redirect")),
  };
}

export const clientAction = keepInputOnFailure;

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const read = await readForm(request, signInForm);
  if (!read.ok) return refuse(read.failure);
  try {
    const user = await signInWithCodeLink(params(request).get("token") ?? "", clientIp(request));
    const redirectTo = safeRedirect(params(request).get("redirect"));
    return startMemberSession(request, user, redirectTo, sessionOptionsFrom(request, read.data.keep));
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    return refuse({ error: error.message }, pageRefusal(error));
  }
}

export default function SignInLink() {
  const { name, redirectTo } = useLoaderData<typeof loader>();
  const failure = failureFor<FormFailure>(useActionResult<typeof action>());
  return (
    <section className="card auth-card">
      <h1>Sign in</h1>
      {name ? (
        <ContinueAs name={name} error={failure?.error} />
      ) : (
        <p role="alert" className="alert alert-error">
          {CODE_INVALID}
        </p>
      )}
      <p className="auth-links">
        <Link to={signInCodeUrl(redirectTo)}>Get a new code</Link>
      </p>
    </section>
  );
}
