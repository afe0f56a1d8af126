import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { EMAIL_MAX } from "~/platform/lib/limits";
import { authUrl } from "~/platform/lib/login-url";
import { pageTitle } from "~/platform/lib/page-title";
import { passRetryAfter } from "~/platform/lib/retry-after";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import { readFlash } from "~/platform/services/flash.server";
import { clientIp } from "~/platform/services/request-path.server";
import { getUser, sessionOptionsFrom } from "~/platform/services/session.server";
import { CodePage } from "~/features/accounts/components/code-page";
import { KeepSignedIn } from "~/features/accounts/components/keep-signed-in";
import { signInCodeUrl } from "~/features/accounts/lib/sign-in-urls";
import {
  startMemberSession,
  codePageAction,
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
  // An expired personal link's press sends the address in the flash cookie, not the URL.
  const { flash, setCookie } = await readFlash(request);
  const email = (params.get("email") || flash?.email)?.trim().slice(0, EMAIL_MAX) ?? "";
  return data(
    {
      email,
      sent: Boolean(email),
      keep: params.get("keep") !== "0",
      redirectTo: safeRedirect(params.get("redirect")),
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

export const clientAction = keepInputOnFailure;

/** A post with a `code` signs in; one without asks for a code (from here or /auth's button). */
export async function action({ request }: ActionFunctionArgs) {
  return codePageAction(request, {
    fields: [],
    request: async ({ email, fields }) => {
      const redirectTo = safeRedirect(fields.redirect);
      const normalised = await requestSignInCode({ email }, clientIp(request), redirectTo);
      const keep = sessionOptionsFrom(request, fields.keep).lifetime !== "browser";
      return redirect(signInCodeUrl(redirectTo, { email: normalised, keep }));
    },
    verify: async ({ email, code, fields }) => {
      const user = await signInWithCode({ email, code }, clientIp(request));
      const redirectTo = safeRedirect(fields.redirect);
      return startMemberSession(request, user, redirectTo, sessionOptionsFrom(request, fields.keep));
    },
  });
}

export default function SignInCode() {
  const { email, sent, keep, redirectTo } = useLoaderData<typeof loader>();
  return (
    <CodePage
      title="Sign in with a code"
      sentMessage={SENT}
      sent={sent}
      email={email}
      result={useActionResult<typeof action>()}
      hidden={{ redirect: redirectTo }}
      keep={keep}
      submitLabel="Sign in"
      requestLabel="E-mail me a sign-in code"
      requestHidden={{ redirect: redirectTo }}
      requestFields={
        sent ? (
          <input type="hidden" name="keep" value={keep ? "on" : "off"} />
        ) : (
          <KeepSignedIn defaultChecked={keep} />
        )
      }
      links={<Link to={authUrl(redirectTo)}>Back to Login</Link>}
    />
  );
}
