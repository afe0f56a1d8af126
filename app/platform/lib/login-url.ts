/**
 * The one way to send a member to the login page and back, with the spec's words for why they are
 * there. The reason rides in the URL, so it works without JavaScript.
 */
export const LOGIN_REASONS = {
  survey: "No token found. Please log in again.",
  house: "No valid token found. Please log in again.",
  vote: "Please log in to vote",
  expired: "Your session has expired. Please log in again.",
  results: "Authentication token not found. Please log in again.",
} as const;

export type LoginReason = keyof typeof LOGIN_REASONS;

export type AuthMode = "login" | "register" | "forgot";

/** The /auth page in a mode, coming back to `redirectTo` afterwards, and saying why when asked. */
export function authUrl(
  redirectTo: string,
  { mode, reason }: { mode?: AuthMode; reason?: LoginReason } = {},
) {
  const params = new URLSearchParams();
  if (mode && mode !== "login") params.set("mode", mode);
  if (redirectTo !== "/") params.set("redirect", redirectTo);
  if (reason) params.set("reason", reason);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}

export const loginUrl = (redirectTo: string, reason?: LoginReason) => authUrl(redirectTo, { reason });

export function loginReasonMessage(reason: string | null): string | null {
  return reason && Object.hasOwn(LOGIN_REASONS, reason) ? LOGIN_REASONS[reason as LoginReason] : null;
}

const VOTE_LABELS = { love: "Love", like: "Like", dislike: "Dislike" } as const;

/** Where a vote that the login interrupted comes back to: its card, which offers it again. */
export function notRecordedPath({ houseId, vote }: { houseId: number; vote: keyof typeof VOTE_LABELS }) {
  return `/houses?${new URLSearchParams({ houseId: String(houseId), vote })}#house-${houseId}`;
}

export const notRecordedMessage = (vote: keyof typeof VOTE_LABELS) =>
  `Your ${VOTE_LABELS[vote]} vote was not recorded because you were logged out. Press ${VOTE_LABELS[vote]} to vote again.`;

/** What a member who is not an organiser sees on organiser pages (server and client render it alike). */
export const ORGANISERS_ONLY = "Only organisers can open this page.";
