import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Details } from "~/features/survey/components/details";
import { LoginPrompt } from "~/platform/components/login-prompt";
import { SubmittedNotice } from "~/features/survey/components/submitted-notice";
import { Done } from "~/features/survey/components/done";
import { Review } from "~/features/survey/components/review";
import { BasicInfo, Feedback, LastYear, SadMessage } from "~/features/survey/components/steps";
import { env } from "~/platform/env.server";
import { isWebLink } from "~/features/event/lib/event-settings";
import { getEventSettings } from "~/features/event/models/event-settings.server";
import { loginUrl } from "~/platform/lib/login-url";
import {
  DONE_SECTION,
  FIRST_SECTION,
  REVIEW_SECTION,
  nextSection,
  parseSection,
  previousSection,
  type Section,
} from "~/features/survey/lib/survey-flow";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { parseSectionForm, type SurveyEdition, type SurveyInput } from "~/features/survey/lib/survey-schema";
import { REMEMBERED_NOTE } from "~/features/survey/lib/survey-memory";
import { EditionNamesContext } from "~/features/survey/components/edition-names";
import { getCurrentEdition } from "~/features/editions/models/edition.server";
import { getSurveyProgress } from "~/features/survey/models/survey.server";
import { readFlash } from "~/platform/services/flash.server";
import { getUser } from "~/platform/services/session.server";
import {
  getSurveyDeadlineStatus,
  surveyClosedReason,
} from "~/features/survey/services/survey-deadline.server";
import { keepForLogin } from "~/features/accounts/services/pending-submission.server";
import { sectionPath, submitSection } from "~/features/survey/services/survey-submit.server";
import { SurveyDeadlineGate } from "~/features/survey/components/survey-deadline";
import styles from "~/styles/survey.css";
import { HYDRATE } from "~/platform/lib/hydration";
import { keepInputOnFailure, useActionResult } from "~/platform/components/submit-failure";
import { pageTitle } from "~/platform/lib/page-title";

/** Forms here are enhanced in the browser (see lib/hydration). */
export const handle = HYDRATE;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Survey") }];

/**
 * Answers posted before a login that could not be saved after it (see survey-submit.server),
 * read back from the query with what is wrong with them; null when there are none.
 */
function restoreDraft(section: Section, params: URLSearchParams, edition: SurveyEdition) {
  if ([...params.keys()].length === 0) return null;
  const form = new FormData();
  for (const [name, value] of params) form.append(name, value);
  const parsed = parseSectionForm(section, form, edition);
  return parsed.success
    ? { values: parsed.answers as Partial<SurveyInput>, fieldErrors: undefined }
    : { values: parsed.values, fieldErrors: parsed.fieldErrors };
}

/** The organiser's chat link, else CHAT_URL; only a web link may become an href (never `javascript:`). */
async function chatLink() {
  const url = (await getEventSettings()).chatUrl || env().chatUrl;
  return isWebLink(url) ? url : null;
}

/** Back and Next of a closed survey follow the saved answers, as the buttons would have. */
function closedNav(section: Section, answers: SurveyInput) {
  const flow = answers as Parameters<typeof nextSection>[1];
  return {
    back: section > FIRST_SECTION ? sectionPath(previousSection(section, flow)) : null,
    next: section < REVIEW_SECTION ? sectionPath(nextSection(section, flow)) : null,
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return { member: null };
  const progress = await getSurveyProgress(user.id);
  // The section lives in the URL (it survives reloads and needs no JavaScript); bare /survey resumes.
  if (params.section === undefined) return redirect(sectionPath(progress.section));
  const section = parseSection(params.section);
  if (!section) return redirect("/survey");
  if (section === DONE_SECTION && !progress.submitted) return redirect(sectionPath(REVIEW_SECTION));
  const edition = await getCurrentEdition();
  const restored = restoreDraft(section, new URL(request.url).searchParams, edition);
  const answers: SurveyInput = { ...progress.answers, ...restored?.values };
  const [deadline, { flash, setCookie }] = await Promise.all([getSurveyDeadlineStatus(), readFlash(request)]);
  return data(
    {
      member: {
        section,
        answers,
        restored: restored !== null,
        restoredErrors: restored?.fieldErrors,
        notice: flash?.message ?? null,
        chatUrl: await chatLink(),
        submitted: progress.submitted,
        remembered: progress.remembered,
        names: edition.names,
        deadline,
        closedNav: closedNav(section, answers),
      },
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

type ActionData = FormFailure<SurveyInput>;

/** Network and 5xx failures keep the page and its input (see submit-failure.ts). */
export const clientAction = keepInputOnFailure;

const textFields = (form: FormData) =>
  [...form].filter((field): field is [string, string] => typeof field[1] === "string");

export async function action({ request, params }: ActionFunctionArgs) {
  const section = parseSection(params.section);
  if (!section || section === DONE_SECTION) return redirect("/survey");
  // After the deadline nothing is saved, not even a draft: the survey is closed.
  const closed = await surveyClosedReason();
  if (closed) return data<ActionData>({ error: closed }, { status: 403 });
  const form = await request.formData().catch(() => null);
  if (!form)
    return data<ActionData>({ error: "That form could not be read. Please try again." }, { status: 400 });
  const user = await getUser(request);
  if (!user) {
    // The session ended with the section open: the answers are kept and saved right after the login.
    const kept = await keepForLogin(request, { kind: "survey", section, fields: textFields(form) });
    return redirect(
      loginUrl(sectionPath(section), "survey"),
      kept ? { headers: { "Set-Cookie": kept } } : {},
    );
  }
  const outcome = await submitSection(user.id, section, form);
  if (outcome.saved) return redirect(outcome.to);
  const { error, values, fieldErrors } = outcome;
  return data<ActionData>({ error, values, fieldErrors }, { status: outcome.status });
}

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
        <p className="muted survey-progress">Section {member.section} of 7</p>
        {/* Saving updates the submitted survey only while it is open. */}
        {member.submitted && !member.deadline?.closed ? <SubmittedNotice /> : null}
        {member.remembered ? (
          <p role="status" className="alert alert-success">
            {REMEMBERED_NOTE}
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
          {member.section === 1 ? (
            <BasicInfo values={values} fieldErrors={fieldErrors} error={error} />
          ) : null}
          {member.section === 2 ? <Details values={values} fieldErrors={fieldErrors} error={error} /> : null}
          {member.section === 3 ? <SadMessage error={error} /> : null}
          {member.section === 4 ? <LastYear values={values} fieldErrors={fieldErrors} error={error} /> : null}
          {member.section === 5 ? <Feedback values={values} fieldErrors={fieldErrors} error={error} /> : null}
          {member.section === 6 ? <Review values={values} error={error} /> : null}
          {member.section === 7 ? <Done chatUrl={member.chatUrl} /> : null}
        </SurveyDeadlineGate>
      </div>
    </EditionNamesContext.Provider>
  );
}
