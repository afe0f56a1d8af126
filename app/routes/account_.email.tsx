import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { FormAnswer } from "~/platform/components/form-answer";
import { HYDRATE } from "~/platform/lib/hydration";
import { refuse } from "~/platform/services/refuse.server";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { pageTitle } from "~/platform/lib/page-title";
import { setFlash } from "~/platform/services/flash.server";
import { getCookieSession, requireUser } from "~/platform/services/session.server";
import {
  pendingEmailChange,
  EMAIL_CHANGE_INVALID,
  confirmEmailChange,
} from "~/features/accounts/index.server";
import styles from "~/styles/account.css";

// Hydrated so that a post lost on the way keeps the page (docs/decisions/026-one-form-answer.md).
export const handle = HYDRATE;
export const clientAction = keepInputOnFailure;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Confirm your new address") },
];

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/** Opening the link changes nothing (a scanner may open it); the Confirm press of the member does. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const email = await pendingEmailChange(tokenOf(request), user.id);
  return { email: email ?? null, current: user.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const session = await getCookieSession(request);
  const result = await confirmEmailChange(user, tokenOf(request), session?.sessionId);
  if ("ok" in result) {
    return redirect("/account#email", {
      headers: { "Set-Cookie": await setFlash({ message: result.ok, form: "email" }) },
    });
  }
  return refuse({ error: result.error });
}

export default function ConfirmEmail() {
  const { email, current } = useLoaderData<typeof loader>();
  const failure = failureFor<FormFailure>(useActionResult<typeof action>());
  return (
    <section className="card account" aria-labelledby="email-heading">
      <h1 id="email-heading">Confirm your new address</h1>
      <FormAnswer
        failure={failure?.error || !email ? { error: failure?.error ?? EMAIL_CHANGE_INVALID } : undefined}
      />
      {email && !failure ? (
        <Form method="post">
          <p>
            Your account <strong>{current}</strong> will use <strong>{email}</strong> from now on.
          </p>
          <button type="submit" className="button">
            Confirm
          </button>
        </Form>
      ) : null}
      <p>
        <Link to="/account">Back to your account</Link>
      </p>
    </section>
  );
}
