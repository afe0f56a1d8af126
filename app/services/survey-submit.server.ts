import { createCookie, type Cookie } from "@remix-run/node";
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
import {
  keepPendingSubmission,
  takePendingSubmission,
  PENDING_TTL_MS,
} from "~/models/pending-submission.server";
import { getSurveyProgress, saveSurvey, saveSurveyDraft } from "~/models/survey.server";
import { isDatabaseUnavailable } from "./availability.server";
import { cookieSecret } from "./secret.server";
import { surveyClosedReason } from "./survey-deadline.server";

export const sectionPath = (section: Section) => `/survey/${section}`;

/** What became of a posted survey section: where to go next, or what to show on the section. */
export type SectionOutcome =
  | { saved: true; to: string }
  | { saved: false; status: number; error?: string; values?: SurveyInput; fieldErrors?: FieldErrors };

/**
 * Saves one posted section for a member (the caller has checked that the survey is open): the answers go into the draft and the member moves on
 * (Next or Back); on the review section, Submit saves the survey. Used by the section's action and,
 * for a section posted after the session ended, right after the login.
 */
export async function submitSection(
  userId: number,
  section: Section,
  form: FormData,
): Promise<SectionOutcome> {
  const back = form.get("intent") === "back";
  const { answers } = await getSurveyProgress(userId);

  if (section === REVIEW_SECTION) {
    if (back) return { saved: true, to: sectionPath(previousSection(section, answers)) };
    const survey = parseSurvey(answers);
    if (!survey.success) {
      const reason = Object.values(fieldErrorsOf(survey.error))[0];
      return { saved: false, status: 400, error: `Error submitting survey: ${reason}` };
    }
    try {
      await saveSurvey(userId, survey.data);
    } catch (error) {
      // An outage is answered 503 by the server as a whole (entry.server.tsx), not as a form error.
      if (isDatabaseUnavailable(error)) throw error;
      console.error("Saving a survey failed:", error);
      return {
        saved: false,
        status: 500,
        error: "Error submitting survey: the server could not save it, please try again.",
      };
    }
    return { saved: true, to: sectionPath(DONE_SECTION) };
  }

  const result = parseSectionForm(section, form);
  if (!result.success) {
    return {
      saved: false,
      status: 400,
      values: { ...answers, ...result.values },
      fieldErrors: result.fieldErrors,
    };
  }
  const updated = { ...answers, ...result.answers };
  const target = back ? previousSection(section, updated) : nextSection(section, updated);
  await saveSurveyDraft(userId, updated, target);
  return { saved: true, to: sectionPath(target) };
}

/* A section posted after the session ended (issue 9): kept on the server through the login. */

export const SAVED_AFTER_LOGIN = "You are logged in again, and the answers you sent before are saved.";

let cookie: Promise<Cookie> | undefined;

function pendingCookie(): Promise<Cookie> {
  const config = env();
  cookie ??= cookieSecret().then((secret) =>
    createCookie("sgw_pending", {
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: "/",
      maxAge: PENDING_TTL_MS / 1000,
      secrets: [secret],
    }),
  );
  return cookie;
}

/** Keeps a section posted without a session; returns the Set-Cookie value that finds it again. */
export async function keepSectionForLogin(section: Section, form: FormData): Promise<string> {
  const fields: [string, string][] = [];
  for (const [name, value] of form) if (typeof value === "string") fields.push([name, value]);
  const token = await keepPendingSubmission({ kind: "survey", section, fields });
  return (await pendingCookie()).serialize(token);
}

/** The posted fields as a query string, for showing them again when they could not be saved. */
function draftQuery(fields: [string, string][]) {
  return new URLSearchParams(fields.filter(([name]) => name !== "intent")).toString();
}

/**
 * Right after a login: applies the section kept by `keepSectionForLogin`, if any, for this member.
 * Returns where to go and the Set-Cookie value to send (the kept token is spent either way), or
 * null when the browser holds no token. A section that cannot be saved (invalid, or the survey has closed)
 * comes back on screen with its answers, for the member to fix and send again.
 */
export async function applySectionAfterLogin(
  request: Request,
  userId: number,
): Promise<{ to?: string; saved: boolean; setCookie: string } | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("sgw_pending=")) return null;
  const jar = await pendingCookie();
  const token: unknown = await jar.parse(header);
  const setCookie = await jar.serialize("", { maxAge: 0 });
  const payload = typeof token === "string" ? await takePendingSubmission(token) : null;
  const section = parseSection(String(payload?.section ?? ""));
  if (!payload || payload.kind !== "survey" || !section || section === DONE_SECTION) {
    return { saved: false, setCookie };
  }
  const fields = (Array.isArray(payload.fields) ? payload.fields : []).filter(
    (field): field is [string, string] =>
      Array.isArray(field) && typeof field[0] === "string" && typeof field[1] === "string",
  );
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const outcome = (await surveyClosedReason()) ? null : await submitSection(userId, section, form);
  if (outcome?.saved) return { to: outcome.to, saved: true, setCookie };
  const query = draftQuery(fields);
  return { to: query ? `${sectionPath(section)}?${query}` : sectionPath(section), saved: false, setCookie };
}
