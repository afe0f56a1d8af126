import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LoginPrompt } from "~/platform/components/login-prompt";
import { SubmittedNotice } from "~/features/survey/components/submitted-notice";
import { Done } from "~/features/survey/components/done";
import { Review } from "~/features/survey/components/review";
import { SadMessage } from "~/features/survey/components/steps";
import { SurveySection } from "~/features/survey/components/survey-section";
import { SECTION_FIELDS } from "~/features/survey/lib/survey-fields";
import { DONE_SECTION, stepText } from "~/features/survey/lib/survey-flow";
import { failureFor } from "~/platform/lib/form-failure";
import { EditionNamesContext } from "~/features/survey/components/edition-names";
import {
  surveyPageAction,
  surveyPageLoader,
  type SurveyActionData as ActionData,
} from "~/features/survey/index.server";
import { keepForLogin } from "~/features/accounts/index.server";
import { SurveyDeadlineGate } from "~/features/survey/components/survey-deadline";
import styles from "~/styles/survey.css";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { pageTitle } from "~/platform/lib/page-title";
import { CLEAR_SITE_COPY } from "~/platform/lib/clear-site-data";

/** Forms here are enhanced in the browser (see lib/hydration). */
export const handle = HYDRATE;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Survey") }];

export const loader = surveyPageLoader;
/**
 * An answer other than "yes" takes the member off the trip: the trip sheet this phone kept goes with
 * the answer (issue 56), as it does at sign-out.
 */
export async function action(args: ActionFunctionArgs) {
  const sent = await args.request
    .clone()
    .formData()
    .catch(() => undefined);
  const attending = sent?.get("attending");
  const result = await surveyPageAction(args, keepForLogin);
  const saved = result instanceof Response && result.status >= 300 && result.status < 400;
  if (saved && typeof attending === "string" && attending !== "yes")
    result.headers.set("Clear-Site-Data", CLEAR_SITE_COPY);
  return result;
}

/** Network and 5xx failures keep the page and its input (see submit-failure.ts). */
export const clientAction = keepInputOnFailure;

export default function SurveyPage() {
  const { member } = useLoaderData<typeof loader>();
  const actionData = useActionResult<typeof action>();
  if (!member) return <LoginPrompt redirectTo="/survey" heading="h1" />;
  const failure = failureFor<ActionData>(actionData);
  const values = failure?.values ?? member.answers;
  const fieldErrors = actionData ? failure?.fieldErrors : member.restoredErrors;
  // Once the page knows the survey has closed, the gate above the section says so; no second alert.
  const error = failure?.error === member.deadline?.message ? undefined : failure?.error;
  return (
    <EditionNamesContext.Provider value={member.names}>
      <div className="survey">
        {member.section === DONE_SECTION ? null : (
          <p className="muted survey-progress">{stepText(member.step)}</p>
        )}
        {/* Saving updates the submitted survey only while it is open. */}
        {member.submitted && !member.deadline?.closed && member.section !== DONE_SECTION ? (
          <SubmittedNotice />
        ) : null}
        {member.rememberedNote ? (
          <p role="status" className="alert alert-success">
            {member.rememberedNote}
          </p>
        ) : null}
        {member.notice && !actionData ? (
          <p role="status" className="alert alert-success">
            {member.notice}
          </p>
        ) : null}
        {member.restored && !actionData ? (
          <p role="alert" className="alert alert-error">
            These are the answers you sent before logging in again. They are not saved yet: check them and
            press Next.
          </p>
        ) : null}
        <SurveyDeadlineGate deadline={member.deadline} done={member.section === 7} nav={member.closedNav}>
          {/* Every section that asks something is its questions' form, from the survey's definition;
              keyed so that a section's ticked guests never carry into the next one. */}
          {SECTION_FIELDS[member.section].length > 0 ? (
            <SurveySection
              key={member.section}
              section={member.section}
              values={values}
              fieldErrors={fieldErrors}
              error={error}
            />
          ) : null}
          {member.section === 3 ? <SadMessage error={error} /> : null}
          {member.review ? <Review parts={member.review} error={error} /> : null}
          {member.section === 7 ? <Done chatUrl={member.chatUrl} /> : null}
        </SurveyDeadlineGate>
      </div>
    </EditionNamesContext.Provider>
  );
}
