import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Banner } from "~/platform/components/banner";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { env } from "~/platform/env.server";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { ORGANISERS_ONLY } from "~/platform/lib/login-url";
import { PasswordField } from "~/features/accounts/components/reset-password-form";
import { CONFIRM_LINK_INVALID } from "~/features/accounts/lib/auth-limits";
import {
  confirmationAskedAt,
  createEmailConfirmation,
  confirmOrganiser,
  CONFIRM_PATH,
  isOrganiser,
  needsConfirmation,
} from "~/features/accounts/index.server";
import { formatDeadline } from "~/platform/lib/deadline";
import { setFlash, withFlash } from "~/platform/services/flash.server";
import { sendMail } from "~/platform/services/mail.server";
import { anyFields, readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";
import { LIMITS, countAttempt } from "~/platform/services/rate-limit.server";
import { requireUser } from "~/platform/services/session.server";
import styles from "~/styles/auth.css";

/** Forms here are enhanced in the browser (see lib/hydration). */
export const handle = HYDRATE;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "SGW25 — Confirm your address" }];

/**
 * Organiser rights need a confirmed address (see services/organiser.server): a member listed in
 * ADMIN_EMAILS asks for a link here, it is mailed to that address, and opening it while logged in
 * as that member, choosing a new password and pressing Confirm (a mail scanner's visit confirms
 * nothing) confirms it. The page says when the link was asked for, so an owner who never asked
 * for one sees that someone else did.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (await isOrganiser(user)) return redirect("/organiser");
  if (!(await needsConfirmation(user))) throw new Response(ORGANISERS_ONLY, { status: 403 });
  const token = new URL(request.url).searchParams.get("token");
  const askedAt = token ? await confirmationAskedAt(token, user.id) : undefined;
  return withFlash(request, {
    email: user.email,
    token: askedAt ? token : null,
    askedAt: askedAt ? formatDeadline(askedAt, env().eventTimeZone) : null,
    linkError: token && !askedAt ? CONFIRM_LINK_INVALID : null,
  });
}

export function confirmationMail(to: string, link: string) {
  const lines = [
    "Someone (hopefully you) asked to confirm this address as an organiser of the SGW25 planner.",
    `Open this link while logged in to the planner as ${to}, choose a new password, then press Confirm: ${link}`,
    "The link works once and expires in 30 minutes. If you did not ask for it, ignore this mail.",
  ];
  return {
    to,
    subject: "Confirm your address for the SGW25 planner",
    text: lines.join("\n\n"),
    html: `<p>${lines[0]}</p><p><a href="${link}">Confirm your address</a> (log in as ${to} first)</p><p>${lines[2]}</p>`,
  };
}

/** Network and 5xx failures keep the page and its input (see submit-failure.ts). */
export const clientAction = keepInputOnFailure;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (!(await needsConfirmation(user))) return redirect((await isOrganiser(user)) ? "/organiser" : "/");
  const read = await readForm(request, anyFields);
  if (!read.ok) return refuse(read.failure);
  if (read.data.intent === "confirm") {
    const outcome = await confirmOrganiser(request, user, read.data);
    return outcome instanceof Response ? outcome : refuse({ error: outcome.error }, outcome);
  }
  // Sending mails to the organiser's address is limited, so nobody can fill that inbox from here.
  const attempt = await countAttempt(LIMITS.confirmUser, String(user.id));
  if (attempt.retryAfter) {
    return refuse({ error: "A link went out a moment ago. Please check your mailbox." }, { status: 429 });
  }
  const { token } = await createEmailConfirmation(user.id, user.email);
  const link = `${env().appUrl}${CONFIRM_PATH}?${new URLSearchParams({ token })}`;
  await sendMail(confirmationMail(user.email, link));
  return redirect(CONFIRM_PATH, {
    headers: {
      "Set-Cookie": await setFlash({ message: `A confirmation link is on its way to ${user.email}.` }),
    },
  });
}

export default function ConfirmOrganiser() {
  const { email, token, askedAt, linkError, flash } = useLoaderData<typeof loader>();
  const failure = failureFor<FormFailure>(useActionResult<typeof action>());
  const error = failure?.error ?? linkError ?? undefined;
  return (
    <section className="card auth-card">
      <h1>Confirm your address</h1>
      <Banner kind="success" message={failure ? undefined : (flash ?? undefined)} source={flash} />
      <Banner kind="error" message={error} source={failure ?? linkError} />
      {token ? (
        <Form method="post">
          <p>
            Confirm that {email} is your address, to get the organiser pages. This link was asked for on{" "}
            {askedAt}; if you did not ask for it then, someone else may be using this account.
          </p>
          <p>
            Choose a new password for {email}: confirming logs the account out everywhere else, so only you
            can use it.
          </p>
          <input type="hidden" name="token" value={token} />
          <PasswordField id="new-password" name="newPassword" label="New Password" hint />
          <PasswordField id="confirm-password" name="confirmPassword" label="Confirm Password" />
          <button type="submit" name="intent" value="confirm" className="button">
            Confirm
          </button>
        </Form>
      ) : (
        <Form method="post">
          <p>
            {email} is listed as an organiser. Organiser rights need a confirmed address: we mail a link to
            it, which you open while logged in here.
          </p>
          <button type="submit" name="intent" value="send" className="button">
            Send the confirmation link
          </button>
        </Form>
      )}
    </section>
  );
}
