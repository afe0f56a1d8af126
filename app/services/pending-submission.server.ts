import { parseSection, type Section } from "~/lib/survey-flow";
import { readSuggestForm, type SuggestFormValues } from "~/lib/suggest-form";
import {
  PENDING_TTL_MS,
  dropPendingSubmission,
  keepPendingSubmission,
  readPendingSubmission,
} from "~/models/pending-submission.server";
import { appCookie } from "./secret.server";

/**
 * A form posted after the member's session had ended (issue 9): a survey section or a house
 * suggestion. It is kept on the server (the browser holds only a random token, in a signed cookie
 * that lasts half an hour) and applied by the login that follows, once.
 */
export type KeptSubmission =
  | { kind: "survey"; section: Section; fields: [string, string][] }
  | { kind: "house"; values: SuggestFormValues };

const pendingCookie = () => appCookie("sgw_pending", PENDING_TTL_MS / 1000);

/** Keeps `submission` for the next login; returns the Set-Cookie value that finds it again. */
export async function keepForLogin(submission: KeptSubmission): Promise<string> {
  const token = await keepPendingSubmission(submission);
  return (await pendingCookie()).serialize(token);
}

const isField = (field: unknown): field is [string, string] =>
  Array.isArray(field) && typeof field[0] === "string" && typeof field[1] === "string";

/** What was stored, checked again (it went through JSON in the database). */
function readKept(payload: Record<string, unknown> | null): KeptSubmission | null {
  if (payload?.kind === "survey") {
    const section = parseSection(String(payload.section));
    const fields = Array.isArray(payload.fields) ? payload.fields.filter(isField) : [];
    return section ? { kind: "survey", section, fields } : null;
  }
  if (payload?.kind === "house" && payload.values && typeof payload.values === "object") {
    return { kind: "house", values: readSuggestForm(payload.values as Record<string, unknown>) };
  }
  return null;
}

/**
 * At a login: the submission this browser kept, if any; `spend` forgets it once it has been
 * applied, and `setCookie` clears the browser's token. Nothing is forgotten before that, so a
 * login that fails half-way (the database going away) leaves it for the next try. Null when the
 * browser holds no token.
 */
export async function findKeptSubmission(request: Request): Promise<{
  kept: KeptSubmission | null;
  spend: () => Promise<void>;
  setCookie: string;
} | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("sgw_pending=")) return null;
  const jar = await pendingCookie();
  const token: unknown = await jar.parse(header);
  const payload = typeof token === "string" ? await readPendingSubmission(token) : null;
  return {
    kept: readKept(payload),
    spend: async () => {
      if (typeof token === "string") await dropPendingSubmission(token);
    },
    setCookie: await jar.serialize("", { maxAge: 0 }),
  };
}
