import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SetupForm } from "~/features/accounts/components/setup-form";
import { RestoreUploadForm } from "~/features/accounts/components/restore-form";
import { completeSetup, setupPage } from "~/features/accounts/index.server";
import { assertSameOrigin } from "~/platform/services/session.server";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { pageTitle } from "~/platform/lib/page-title";
import styles from "~/styles/auth.css";

/** Forms here are enhanced in the browser (see lib/hydration). */
export const handle = HYDRATE;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Set up") }];

// The link the first start prints; 404 once an organiser exists. Looking spends nothing.
export async function loader({ request }: LoaderFunctionArgs) {
  return setupPage(new URL(request.url).searchParams.get("token"));
}

/** Network and 5xx failures keep the page and its input (see submit-failure.ts). */
export const clientAction = keepInputOnFailure;

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return completeSetup(request);
}

export default function Setup() {
  const { token } = useLoaderData<typeof loader>();
  const failure = failureFor<FormFailure<{ name: string; email: string }>>(useActionResult<typeof action>());
  return (
    <section className="card auth-card">
      <h1>Set up the planner</h1>
      {token ? (
        <>
          <p>
            Nobody organises this planner yet. Create the first organiser&rsquo;s account, or restore a
            backup.
          </p>
          <h2>Create the first organiser</h2>
          <SetupForm token={token} failure={failure} />
          <h2>Restore from a backup</h2>
          <p>
            Moving to a new machine? Load a backup of the planner instead; then sign in with your own account.
          </p>
          <RestoreUploadForm token={token} />
        </>
      ) : (
        <p role="alert" className="alert alert-error">
          This set-up link has been used, has expired or was replaced. Restart the server: while no organiser
          exists, it prints a new link in its log at every start.
        </p>
      )}
    </section>
  );
}
