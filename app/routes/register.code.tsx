import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LabelledInput } from "~/platform/components/labelled-input";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { EMAIL_MAX, NAME_MAX } from "~/platform/lib/limits";
import { pageTitle } from "~/platform/lib/page-title";
import { passRetryAfter } from "~/platform/lib/retry-after";
import { clientIp } from "~/platform/services/request-path.server";
import { getUser, sessionOptionsFrom } from "~/platform/services/session.server";
import { CodePage } from "~/features/accounts/components/code-page";
import { nameFromLink, registerCodeUrl, registerFormUrl } from "~/features/accounts/lib/sign-in-urls";
import {
  startMemberSession,
  codePageAction,
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

export const clientAction = keepInputOnFailure;

/** A post with a `code` creates the account; one without mails the code. */
export async function action({ request }: ActionFunctionArgs) {
  return codePageAction(request, {
    fields: ["name"],
    request: async ({ email, values }) => {
      const normalised = await requestRegisterCode({ email }, clientIp(request));
      return redirect(registerCodeUrl(normalised, { sent: true, name: nameFromLink(values.name) }));
    },
    verify: async ({ email, code, values, fields }) => {
      const user = await registerWithCode({ email, name: values.name, code }, clientIp(request));
      return startMemberSession(request, user, REGISTERED_LANDING, sessionOptionsFrom(request, fields.keep));
    },
  });
}

export default function RegisterWithCode() {
  const { email, name, sent } = useLoaderData<typeof loader>();
  return (
    <CodePage
      title="Register with a code"
      intro={
        <p>
          Invited by the organisers? Register without a password: we mail a 6-digit code to the invited
          address, you type it here. Later you sign in with a code or the links in our mails, and you can set
          a password on your account page.
        </p>
      }
      sentMessage={SENT}
      sent={sent}
      email={email}
      result={useActionResult<typeof action>()}
      hidden={{}}
      fields={(failure) => (
        <LabelledInput
          label="Name (optional)"
          id="name"
          name="name"
          type="text"
          autoComplete="name"
          maxLength={NAME_MAX}
          defaultValue={failure ? failure.values?.name : name}
        />
      )}
      submitLabel="Create my account"
      requestLabel="E-mail me a code"
      requestHidden={name ? { name } : {}}
      links={
        <>
          <Link to={registerFormUrl(email, name)}>Register with a password instead</Link>
          <Link to="/auth">Back to Login</Link>
        </>
      }
    />
  );
}
