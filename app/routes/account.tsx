import { data, redirect } from "@remix-run/node";
import { UNKNOWN_REQUEST, handlerFor } from "~/platform/lib/dispatch";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { LabelledInput } from "~/platform/components/labelled-input";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/platform/lib/limits";
import { pageTitle } from "~/platform/lib/page-title";
import { passRetryAfter, retryAfterHeaders } from "~/platform/lib/retry-after";
import { setFlash } from "~/platform/services/flash.server";
import { clientIp } from "~/platform/services/request-path.server";
import { getCookieSession, requireMemberPage, requireUser } from "~/platform/services/session.server";
import {
  accountOverview,
  changePassword,
  logOutEverywhereElse,
  mailPasswordCode,
  renameMember,
  requestEmailChange,
  type AccountResult,
} from "~/features/accounts/index.server";
import { chooseNotices, organiserNoticeChoice } from "~/features/organiser/index.server";
import styles from "~/styles/account.css";
import { ORGANISER_KEEPS_ACCOUNT } from "~/features/accounts/lib/own-account";

export const handle = HYDRATE;
export const headers = passRetryAfter;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Your account") }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  requireMemberPage(request, async (user) => {
    const session = await getCookieSession(request);
    return {
      ...(await accountOverview(user, session?.sessionId)),
      // Organisers only: the mails they chose to hear back by.
      notices: await organiserNoticeChoice(user),
    };
  });

type Intent = "name" | "email" | "password" | "password-code" | "sessions" | "notices";

const HANDLERS: Record<
  Intent,
  (args: {
    user: Awaited<ReturnType<typeof requireUser>>;
    sessionId?: number;
    form: Record<string, unknown>;
    ip: string;
  }) => Promise<AccountResult>
> = {
  name: ({ user, form }) => renameMember(user, form),
  email: ({ user, form }) => requestEmailChange(user, form),
  password: ({ user, sessionId, form, ip }) => changePassword(user, sessionId, form, ip),
  "password-code": ({ user, ip }) => mailPasswordCode(user, ip),
  sessions: ({ user, sessionId }) => logOutEverywhereElse(user, sessionId),
  notices: ({ user, form }) => chooseNotices(user, form),
};

export const clientAction = keepInputOnFailure;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const session = await getCookieSession(request);
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  const handler = handlerFor(HANDLERS, intent);
  if (!handler) return data<FormFailure>({ error: UNKNOWN_REQUEST }, { status: 400 });
  const result = await handler({ user, sessionId: session?.sessionId, form, ip: clientIp(request) });
  if ("ok" in result) {
    return redirect(`/account#${intent === "password-code" ? "password" : intent}`, {
      headers: { "Set-Cookie": await setFlash({ message: result.ok }) },
    });
  }
  // Passwords are never sent back to the page.
  const values = { name: String(form.name ?? ""), email: String(form.email ?? "") };
  return data<FormFailure>(
    { form: intent, error: result.error, fieldErrors: result.fieldErrors, values },
    { status: result.status ?? 400, headers: retryAfterHeaders(result.retryAfter) },
  );
}

function Panel({
  id,
  title,
  children,
}: {
  id: Intent | "data" | "delete";
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="card account-panel" id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

function Refusal({ error }: { error?: string }) {
  return error ? (
    <p role="alert" className="alert alert-error">
      {error}
    </p>
  ) : null;
}

/** A panel's form: its refusal, if the last post was refused, then the fields posted with its intent. */
function IntentForm({ intent, error, children }: { intent: Intent; error?: string; children: ReactNode }) {
  return (
    <>
      <Refusal error={error} />
      <Form method="post">
        <input type="hidden" name="intent" value={intent} />
        {children}
      </Form>
    </>
  );
}

function FieldError({ message }: { message?: string }) {
  return message ? <span className="field-error">{message}</span> : null;
}

export default function Account() {
  const { name, email, hasPassword, sessions, notices, flash } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const failure = (intent: Intent) =>
    failureFor<FormFailure>(result, intent) ??
    (intent === "password" ? failureFor<FormFailure>(result, "password-code") : undefined);
  const others = sessions.filter((session) => !session.current).length;
  return (
    <div className="account">
      <h1>Your account</h1>
      {flash && !result ? (
        <p role="status" className="alert alert-success">
          {flash}
        </p>
      ) : null}
      <Panel id="name" title="Your name">
        <IntentForm intent="name" error={failure("name")?.error}>
          <LabelledInput
            label="Name"
            id="account-name"
            name="name"
            type="text"
            required
            maxLength={NAME_MAX}
            autoComplete="name"
            defaultValue={failure("name")?.values?.name ?? name}
          >
            <FieldError message={failure("name")?.fieldErrors?.name} />
          </LabelledInput>
          <button type="submit" className="button">
            Save the name
          </button>
        </IntentForm>
      </Panel>
      <Panel id="email" title="Your e-mail address">
        <p>
          Now: <strong className="account-value">{email}</strong>
        </p>
        <IntentForm intent="email" error={failure("email")?.error}>
          <LabelledInput
            label="New address"
            id="account-email"
            name="email"
            type="email"
            required
            maxLength={EMAIL_MAX}
            autoComplete="email"
            defaultValue={failure("email")?.values?.email}
          >
            <span className="muted">
              We mail a link to the new address; your address changes once you open it.
            </span>
            <FieldError message={failure("email")?.fieldErrors?.email} />
          </LabelledInput>
          <button type="submit" className="button">
            Send the confirmation link
          </button>
        </IntentForm>
      </Panel>
      <Panel id="password" title={hasPassword ? "Change your password" : "Set a password"}>
        <IntentForm intent="password" error={failure("password")?.error}>
          {hasPassword ? (
            <>
              <LabelledInput
                label="Current password"
                id="current-password"
                name="currentPassword"
                type="password"
                maxLength={PASSWORD_MAX}
                autoComplete="current-password"
              >
                <FieldError message={failure("password")?.fieldErrors?.currentPassword} />
              </LabelledInput>
              <LabelledInput
                label="Or a code from the mail"
                id="password-code"
                name="code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={12}
              >
                <span className="muted">Forgot the password? Ask for a code and type it here instead.</span>
                <FieldError message={failure("password")?.fieldErrors?.code} />
              </LabelledInput>
              <button
                type="submit"
                name="intent"
                value="password-code"
                formNoValidate
                className="button button-secondary code-for-password"
              >
                E-mail me a code
              </button>
            </>
          ) : (
            <p className="muted">You sign in with codes and mailed links; a password is optional.</p>
          )}
          <LabelledInput
            label="New password"
            id="new-password"
            name="newPassword"
            type="password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            autoComplete="new-password"
          >
            <span className="muted">At least {PASSWORD_MIN} characters.</span>
            <FieldError message={failure("password")?.fieldErrors?.newPassword} />
          </LabelledInput>
          <LabelledInput
            label="New password again"
            id="confirm-password"
            name="confirmPassword"
            type="password"
            required
            maxLength={PASSWORD_MAX}
            autoComplete="new-password"
          >
            <FieldError message={failure("password")?.fieldErrors?.confirmPassword} />
          </LabelledInput>
          <button type="submit" className="button">
            {hasPassword ? "Change the password" : "Set the password"}
          </button>
        </IntentForm>
      </Panel>
      <Panel id="sessions" title="Where you are logged in">
        <Refusal error={failure("sessions")?.error} />
        <ul className="session-list">
          {sessions.map((session) => (
            <li key={session.id}>
              <strong>{session.device}</strong>
              {session.current ? <span className="session-current"> (this browser)</span> : null}
              <br />
              <span className="muted">Last used {session.lastUsed}</span>
            </li>
          ))}
        </ul>
        <IntentForm intent="sessions">
          <button type="submit" className="button button-secondary">
            Log out everywhere else
          </button>
          <p className="muted">
            {others === 0 ? "No other session is open. " : null}This also stops the sign-in links in mails you
            already have.
          </p>
        </IntentForm>
      </Panel>
      {notices ? (
        <Panel id="notices" title="Organiser mails">
          <IntentForm intent="notices" error={failure("notices")?.error}>
            <div className="field check-field">
              <label>
                <input type="checkbox" name="everyoneAnswered" defaultChecked={notices.everyoneAnswered} /> A
                mail when everyone expected has answered (every member and every invited address has submitted
                the survey)
              </label>
            </div>
            <div className="field check-field">
              <label>
                <input type="checkbox" name="dailyDigest" defaultChecked={notices.dailyDigest} /> A daily
                digest at 8:00 of the day before: new answers, houses, votes and money reports (none on a day
                with nothing new)
              </label>
            </div>
            <button type="submit" className="button">
              Save my choices
            </button>
          </IntentForm>
        </Panel>
      ) : null}
      <Panel id="data" title="Your data">
        <p>Everything the planner keeps about you, as a JSON file.</p>
        <a className="button button-secondary" href="/account/data" download>
          Download my data
        </a>
      </Panel>
      <Panel id="delete" title="Delete your account">
        {notices ? (
          <p>{ORGANISER_KEEPS_ACCOUNT}</p>
        ) : (
          <>
            <p>Your account, your surveys and your votes go for good; the next page lists what exactly.</p>
            <Link className="button button-danger" to="/account/delete">
              Delete my account
            </Link>
          </>
        )}
      </Panel>
    </div>
  );
}
