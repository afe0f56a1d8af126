import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ResetPasswordForm } from "~/features/accounts/components/reset-password-form";
import { NO_TOKEN } from "~/features/accounts/lib/auth-limits";
import { resetPasswordFromForm } from "~/features/accounts/index.server";
import { assertSameOrigin } from "~/platform/services/session.server";
import styles from "~/styles/auth.css";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { pageTitle } from "~/platform/lib/page-title";
import { passRetryAfter } from "~/platform/lib/retry-after";
import { anyFields, readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";

/** Forms here are enhanced in the browser (see lib/hydration). */
export const handle = HYDRATE;

export const headers = passRetryAfter;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Reset Password") }];

// The page the reset mail links to; public, so a member may follow the link on any device.
export async function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get("token") || null };
}

/** Network and 5xx failures keep the page and its input (see submit-failure.ts). */
export const clientAction = keepInputOnFailure;

export async function action({ request }: ActionFunctionArgs) {
  // Every post here must come from our own origin (403 otherwise), cookie or not: this also stops
  // another site from logging a visitor into an account of its choosing.
  assertSameOrigin(request);
  const read = await readForm(request, anyFields);
  if (!read.ok) return refuse(read.failure);
  const outcome = await resetPasswordFromForm(request, read.data);
  return outcome instanceof Response ? outcome : refuse({ error: outcome.error }, outcome);
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const data = failureFor<FormFailure>(useActionResult<typeof action>());
  return (
    <section className="card auth-card">
      <h1>Reset Password</h1>
      {token ? (
        <ResetPasswordForm token={token} error={data?.error} source={data} />
      ) : (
        <>
          <p role="alert" className="alert alert-error">
            {NO_TOKEN}
          </p>
          <p>
            Reset links come by e-mail. <Link to="/auth?mode=forgot">Request a new link</Link>
          </p>
        </>
      )}
      <p className="auth-links">
        <Link to="/auth">Back to Login</Link>
      </p>
    </section>
  );
}
