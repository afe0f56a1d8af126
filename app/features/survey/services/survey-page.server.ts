import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/platform/env.server";
import { isWebLink } from "~/features/season/lib/event-settings";
import { getEventSettings, getCurrentEdition } from "~/features/season/index.server";
import { loginUrl } from "~/platform/lib/login-url";
import {
  DONE_SECTION,
  FIRST_SECTION,
  FROM_REVIEW,
  REVIEW_SECTION,
  nextSection,
  parseSection,
  previousSection,
  stepOf,
  type Section,
} from "~/features/survey/lib/survey-flow";
import { reviewParts } from "~/features/survey/lib/survey-review";
import type { FormFailure } from "~/platform/lib/form-failure";
import {
  fieldPairs,
  parseSectionForm,
  surveyFields,
  type SurveyEdition,
  type SurveyInput,
} from "~/features/survey/lib/survey-schema";
import { REMEMBERED_NOTE } from "~/features/survey/lib/survey-memory";
import { getSurveyProgress } from "~/features/survey/models/survey.server";
import { readFlash } from "~/platform/services/flash.server";
import { getUser } from "~/platform/services/session.server";
import {
  getSurveyDeadlineStatus,
  surveyClosedReason,
} from "~/features/survey/services/survey-deadline.server";
import { sectionPath, submitSection } from "~/features/survey/services/survey-submit.server";
import { parseForm, readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";

// The /survey page's loader and action, in one server module: every server module a route imports
// costs the browser an empty chunk of its own.

/**
 * Answers posted before a login that could not be saved after it (see survey-submit.server),
 * read back from the query with what is wrong with them; null when there are none.
 */
function restoreDraft(section: Section, params: URLSearchParams, edition: SurveyEdition) {
  const draft = parseForm(
    [...params].filter(([name]) => name !== FROM_REVIEW),
    surveyFields,
  );
  if (!draft.ok || Object.keys(draft.data).length === 0) return null;
  const parsed = parseSectionForm(section, draft.data, edition);
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

export async function surveyPageLoader({ request, params }: LoaderFunctionArgs) {
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
  // A survey not yet sent starts from the name given at registration (an invitation's link fills it in).
  const registered = !progress.submitted && !progress.answers.name && user.name ? { name: user.name } : {};
  const answers: SurveyInput = { ...progress.answers, ...registered, ...restored?.values };
  const [deadline, { flash, setCookie }] = await Promise.all([getSurveyDeadlineStatus(), readFlash(request)]);
  return data(
    {
      member: {
        section,
        answers,
        step: stepOf(section, answers),
        // Rendered here: the review's wording and formatting stay on the server.
        review: section === REVIEW_SECTION ? reviewParts(answers, edition.names) : null,
        restored: restored !== null,
        restoredErrors: restored?.fieldErrors,
        notice: flash?.message ?? null,
        chatUrl: await chatLink(),
        submitted: progress.submitted,
        // The note itself comes with the data: the browser needs no survey-memory.
        remembered: progress.remembered,
        rememberedNote: progress.remembered ? REMEMBERED_NOTE : null,
        names: edition.names,
        deadline,
        closedNav: closedNav(section, answers),
      },
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export type SurveyActionData = FormFailure<SurveyInput>;

/**
 * Keeps a section posted after the session ended for the login that follows; the accounts feature's
 * `keepForLogin`, handed down by the route (accounts sits above the survey in the feature order).
 */
export type KeepForLogin = (
  request: Request,
  submission: { kind: "survey"; section: Section; fields: [string, string][] },
) => Promise<string | null>;

export async function surveyPageAction({ request, params }: ActionFunctionArgs, keepForLogin: KeepForLogin) {
  const section = parseSection(params.section);
  if (!section || section === DONE_SECTION) return redirect("/survey");
  // After the deadline nothing is saved, not even a draft: the survey is closed.
  const closed = await surveyClosedReason();
  if (closed) return refuse({ error: closed }, { status: 403 });
  const read = await readForm(request, surveyFields);
  if (!read.ok) return refuse(read.failure);
  const user = await getUser(request);
  if (!user) {
    // The session ended with the section open: the answers are kept and saved right after the login.
    const fields = fieldPairs(read.data);
    const kept = await keepForLogin(request, { kind: "survey", section, fields });
    return redirect(
      loginUrl(sectionPath(section), "survey"),
      kept ? { headers: { "Set-Cookie": kept } } : {},
    );
  }
  const outcome = await submitSection(user.id, section, read.data);
  if (outcome.saved) return redirect(outcome.to);
  const { error, values, fieldErrors } = outcome;
  return refuse({ error, values, fieldErrors }, { status: outcome.status });
}
