import type { SurveyQuestion } from "~/features/survey/lib/survey-questions";

/**
 * 'People you don't want to see' is meant for the organisers: only they and its author read it.
 * Everyone else gets the record without it ("" in /api/surveys/all) and a line saying so on pages.
 */
export const PRIVATE_ANSWER_FIELD = "sgw25_dont_wanna_see" satisfies Extract<
  SurveyQuestion,
  { private: true }
>["key"];

/** Next to the question on the survey and its review. */
export const PRIVATE_ANSWER_NOTE = "Only the organisers see this answer.";

/** In place of someone else's answer, for members who are not organisers. */
export const PRIVATE_ANSWER_HIDDEN = "Shared with the organisers only.";

/** Who reads the records: a confirmed organiser, or a member by the e-mail of their account. */
export type Reader = { email: string; organiser: boolean };

/** Organisers read every record's answer; a member only their own (e-mails are unique per account). */
export function readsPrivateAnswer(reader: Reader, record: { email?: unknown }) {
  if (reader.organiser) return true;
  return typeof record.email === "string" && record.email.toLowerCase() === reader.email.toLowerCase();
}
