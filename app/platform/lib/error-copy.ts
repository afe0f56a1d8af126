import { ORGANISERS_ONLY } from "~/platform/lib/login-url";

/** /setup and /setup/restore once an organiser exists (a used set-up link): 404, in words. */
export const ALREADY_SET_UP =
  "This planner already has its organiser, so the set-up link is spent. Sign in instead (an organiser adds more organisers from /organiser).";

/** The error page's heading and words for a status (and the refused response's own text, if any). */
export function errorCopy(status: number, data?: unknown) {
  if (status === 404 && data === ALREADY_SET_UP)
    return { title: "The planner is set up", text: ALREADY_SET_UP };
  if (status === 404) return { title: "Page not found", text: "We could not find that page." };
  if (status === 403) {
    // A refusal is no fault of ours: say what was refused (organiser pages, a foreign origin).
    if (data === ORGANISERS_ONLY) return { title: "Organisers only", text: ORGANISERS_ONLY };
    const reason = typeof data === "string" && data.trim() ? data.trim() : "You may not open this page.";
    return { title: "Not allowed", text: reason };
  }
  if (status === 503) {
    return {
      title: "Back in a moment",
      text: "The database is briefly unavailable. Nothing you saved is lost; please try again in a few seconds.",
    };
  }
  return {
    title: "Something went wrong",
    text: "Sorry — something went wrong on our side. Your saved answers are safe; please try again.",
  };
}
