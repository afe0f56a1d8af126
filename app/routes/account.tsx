import { redirect } from "@remix-run/node";
import { UNKNOWN_REQUEST, handlerFor } from "~/platform/lib/dispatch";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AnswerForm, FormAnswer } from "~/platform/components/form-answer";
import { anyFields, readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";
import type { ReactNode } from "react";
import { LabelledInput } from "~/platform/components/labelled-input";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/platform/lib/limits";
import { pageTitle } from "~/platform/lib/page-title";
import { passRetryAfter } from "~/platform/lib/retry-after";
import { setFlash } from "~/platform/services/flash.server";
import { CLEAR_SITE_COPY } from "~/platform/lib/clear-site-data";
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
import { getPayDetails, savePayDetailsForm } from "~/features/money/index.server";
import { PAY_FIELDS } from "~/features/money/lib/pay-links";
import { PayDetailsForm } from "~/features/money/components/pay-details";

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
      // How the member wants to be paid: only ever shown to them here, and to who owes them (issue 57).
      pay: await getPayDetails(user.id),
    };
  });

type Intent = "name" | "email" | "password" | "password-code" | "sessions" | "notices" | "pay";

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
  pay: ({ user, form }) => savePayDetailsForm(user.id, form),
};

export const clientAction = keepInputOnFailure;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const session = await getCookieSession(request);
  // Passwords are never sent back to the page (readForm keeps none).
  const read = await readForm(request, anyFields, { keep: ["name", "email", ...PAY_FIELDS] });
  if (!read.ok) return refuse(read.failure);
  const intent = read.data.intent ?? "";
  const handler = handlerFor(HANDLERS, intent);
  if (!handler) return refuse({ error: UNKNOWN_REQUEST });
  const result = await handler({
    user,
    sessionId: session?.sessionId,
    form: read.data,
    ip: clientIp(request),
  });
  if ("ok" in result) {
    const headers = new Headers({
      "Set-Cookie": await setFlash({ message: result.ok, form: panelOf(intent) }),
    });
    // "Log out everywhere else": what this browser kept goes too, the trip sheet's copy included (issue 56).
    if (intent === "sessions") headers.set("Clear-Site-Data", CLEAR_SITE_COPY);
    return redirect(`/account#${panelOf(intent)}`, { headers });
  }
  return refuse(
    { form: intent, error: result.error, fieldErrors: result.fieldErrors, values: read.values },
    result,
  );
}

/** The panel (and form) an intent belongs to: the code for a password is asked for in the password's. */
const panelOf = (intent: string) => (intent === "password-code" ? "password" : intent);

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

/** A panel's form: its answer (a refusal, or the note of its last save), then the fields posted with its intent. */
function IntentForm({
  intent,
  failure,
  note,
  children,
}: {
  intent: Intent;
  failure?: FormFailure;
  note?: string | null;
  children: ReactNode;
}) {
  return (
    <AnswerForm id={`${intent}-form`} failure={failure} note={failure ? undefined : note}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </AnswerForm>
  );
}

function FieldError({ message }: { message?: string }) {
  return message ? <span className="field-error">{message}</span> : null;
}

export default function Account() {
  const { name, email, hasPassword, sessions, notices, pay, flash, flashForm } =
    useLoaderData<typeof loader>();
  // A save's note shows in the form it answers (the redirect's anchor); any other note, at the top.
  const note = (intent: Intent) => (!result && flashForm === intent ? flash : undefined);
  const result = useActionResult<typeof action>();
  const failure = (intent: Intent) =>
    failureFor<FormFailure>(result, intent) ??
    (intent === "password" ? failureFor<FormFailure>(result, "password-code") : undefined);
  const others = sessions.filter((session) => !session.current).length;
  return (
    <div className="account">
      <h1>Your account</h1>
      <FormAnswer note={!result && !flashForm ? flash : undefined} />
      <Panel id="name" title="Your name">
        <IntentForm intent="name" failure={failure("name")} note={note("name")}>
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
        <IntentForm intent="email" failure={failure("email")} note={note("email")}>
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
        <IntentForm intent="password" failure={failure("password")} note={note("password")}>
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
        <IntentForm intent="sessions" failure={failure("sessions")} note={note("sessions")}>
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
          <IntentForm intent="notices" failure={failure("notices")} note={note("notices")}>
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
      <Panel id="pay" title="How to pay me">
        <p className="muted">
          Shown only to members of the trip who owe you money, beside what they owe, on the money page and in
          their payment reminder; never to anyone else. All optional.
        </p>
        <IntentForm intent="pay" failure={failure("pay")} note={note("pay")}>
          <PayDetailsForm
            saved={pay}
            values={failure("pay")?.values as Record<string, string> | undefined}
            errors={failure("pay")?.fieldErrors}
          />
          <button type="submit" className="button">
            Save how to pay me
          </button>
        </IntentForm>
      </Panel>
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
