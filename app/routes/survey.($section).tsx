import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Details } from "~/components/survey/details";
import { LoginPrompt } from "~/components/login-prompt";
import { Done } from "~/components/survey/done";
import { Review } from "~/components/survey/review";
import { BasicInfo, Feedback, LastYear, SadMessage } from "~/components/survey/steps";
import { env } from "~/env.server";
import {
  DONE_SECTION,
  REVIEW_SECTION,
  nextSection,
  parseSection,
  previousSection,
  type Section,
} from "~/lib/survey-flow";
import {
  fieldErrorsOf,
  parseSectionForm,
  parseSurvey,
  type FieldErrors,
  type SurveyInput,
} from "~/lib/survey-schema";
import { getSurveyProgress, saveSurvey, saveSurveyDraft } from "~/models/survey.server";
import { getUser, requireUser } from "~/services/session.server";
import styles from "~/styles/survey.css";
import { keepInputOnFailure, useActionResult } from "~/components/submit-failure";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "SGW25 — Survey" }];

const sectionPath = (section: Section) => `/survey/${section}`;

/** CHAT_URL is configuration, but only a web link may become an href (never `javascript:`). */
function chatLink() {
  const url = env().chatUrl;
  return /^https?:\/\//i.test(url) ? url : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return json({ member: null });
  const progress = await getSurveyProgress(user.id);
  // The section lives in the URL (it survives reloads and needs no JavaScript); bare /survey resumes.
  if (params.section === undefined) return redirect(sectionPath(progress.section));
  const section = parseSection(params.section);
  if (!section) return redirect("/survey");
  if (section === DONE_SECTION && !progress.submitted) return redirect(sectionPath(REVIEW_SECTION));
  const answers: SurveyInput = progress.answers;
  return json({ member: { section, answers, chatUrl: chatLink() } });
}

type ActionData = { values?: SurveyInput; fieldErrors?: FieldErrors; error?: string };

/** Network and 5xx failures keep the page and its input (see submit-failure.ts). */
export const clientAction = keepInputOnFailure;

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const section = parseSection(params.section);
  if (!section || section === DONE_SECTION) return redirect("/survey");
  const form = await request.formData().catch(() => null);
  if (!form)
    return json<ActionData>({ error: "That form could not be read. Please try again." }, { status: 400 });
  const back = form.get("intent") === "back";
  const { answers } = await getSurveyProgress(user.id);

  if (section === REVIEW_SECTION) {
    if (back) return redirect(sectionPath(previousSection(section, answers)));
    const survey = parseSurvey(answers);
    if (!survey.success) {
      const reason = Object.values(fieldErrorsOf(survey.error))[0];
      return json<ActionData>({ error: `Error submitting survey: ${reason}` }, { status: 400 });
    }
    try {
      await saveSurvey(user.id, survey.data);
    } catch (error) {
      console.error("Saving a survey failed:", error);
      return json<ActionData>(
        { error: "Error submitting survey: the server could not save it, please try again." },
        { status: 500 },
      );
    }
    return redirect(sectionPath(DONE_SECTION));
  }

  const result = parseSectionForm(section, form);
  if (!result.success) {
    return json<ActionData>(
      { values: { ...answers, ...result.values }, fieldErrors: result.fieldErrors },
      { status: 400 },
    );
  }
  const updated = { ...answers, ...result.answers };
  const target = back ? previousSection(section, updated) : nextSection(section, updated);
  await saveSurveyDraft(user.id, updated, target);
  return redirect(sectionPath(target));
}

export default function SurveyPage() {
  const { member } = useLoaderData<typeof loader>();
  const actionData = useActionResult<typeof action>();
  if (!member) return <LoginPrompt redirectTo="/survey" heading="h1" />;
  const values = (actionData && "values" in actionData ? actionData.values : undefined) ?? member.answers;
  const fieldErrors = actionData && "fieldErrors" in actionData ? actionData.fieldErrors : undefined;
  const error = actionData?.error;
  return (
    <div className="survey">
      <p className="muted survey-progress">Section {member.section} of 7</p>
      {member.section === 1 ? <BasicInfo values={values} fieldErrors={fieldErrors} error={error} /> : null}
      {member.section === 2 ? <Details values={values} fieldErrors={fieldErrors} error={error} /> : null}
      {member.section === 3 ? <SadMessage error={error} /> : null}
      {member.section === 4 ? <LastYear values={values} fieldErrors={fieldErrors} error={error} /> : null}
      {member.section === 5 ? <Feedback values={values} fieldErrors={fieldErrors} error={error} /> : null}
      {member.section === 6 ? <Review values={values} error={error} /> : null}
      {member.section === 7 ? <Done chatUrl={member.chatUrl} /> : null}
    </div>
  );
}
