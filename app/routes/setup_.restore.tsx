import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RestoreConfirmForm, RestoreUploadForm } from "~/features/accounts/components/restore-form";
import { restoreAction, restorePage } from "~/features/accounts/index.server";
import { assertSameOrigin } from "~/platform/services/session.server";
import { failureFor } from "~/platform/lib/form-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { pageTitle } from "~/platform/lib/page-title";
import styles from "~/styles/auth.css";

export const handle = HYDRATE;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Restore from a backup") }];

// Only with the set-up link, only while no organiser exists (404 after), as /setup itself.
export async function loader({ request }: LoaderFunctionArgs) {
  return restorePage(new URL(request.url).searchParams.get("token"));
}

export const clientAction = keepInputOnFailure;

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return restoreAction(request);
}

export default function SetupRestore() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const failure = failureFor(result);
  const checked = result && "checked" in result ? result.checked : undefined;
  return (
    <section className="card auth-card">
      <h1>Restore from a backup</h1>
      {!token ? (
        <p role="alert" className="alert alert-error">
          This set-up link has been used, has expired or was replaced. Restart the server: while no organiser
          exists, it prints a new link in its log at every start.
        </p>
      ) : checked ? (
        <RestoreConfirmForm token={token} checked={checked} />
      ) : (
        <>
          <p>
            Load a backup this planner wrote (a file ending in <code>.jsonl</code>) into this empty planner.
            It is checked whole before anything is written; then you sign in with your own account.
          </p>
          <RestoreUploadForm token={token} failure={failure} />
          <p>
            <a href={`/setup?token=${encodeURIComponent(token)}`}>Create the first organiser instead</a>
          </p>
        </>
      )}
    </section>
  );
}
