// Kept apart from invitations.ts (zod): the invite panel shows them in the browser.

/** At most this many addresses per paste: a typo guard, and one round of mails stays short. */
export const INVITE_LIMIT = 50;

/** One invitation per address per day: a second paste or a parallel post does not mail it again. */
export const INVITE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The longest list the invite box takes, in characters (its maxlength, and what the action reads). */
export const INVITE_LIST_MAX = 20_000;

/** Invitations one organiser may send per day: more than a friend group needs, too few to spam with. */
export const INVITE_DAILY_CAP = 100;
