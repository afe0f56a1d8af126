/**
 * How many houses may be suggested. A friend group suggests a few dozen houses a season; these caps
 * stop one account (or a script behind it) from burying the houses page and the photo queue.
 */
export const SUGGEST_LIMITS = {
  /** Suggestions one member may save per day (a rate limit, kept in `rate_limits`). */
  memberPerDay: 10,
  /** Suggestions one client address may save per hour, whoever is logged in (several accounts). */
  addressPerHour: 30,
  /** Houses in play that one member suggested. */
  memberInPlay: 30,
  /** Houses in play in all: what /houses and /organiser still show at a glance. */
  totalInPlay: 200,
} as const;

/** How long to wait before suggesting again once a cap on houses in play is reached (a hint: an hour). */
export const IN_PLAY_RETRY_SECONDS = 3600;

function wait(seconds: number) {
  if (seconds > 90 * 60) return `${Math.ceil(seconds / 3600)} hours`;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

export const memberDailyLimitMessage = (retryAfter: number) =>
  `You can suggest at most ${SUGGEST_LIMITS.memberPerDay} houses a day: try again in ${wait(retryAfter)}.`;

export const addressLimitMessage = (retryAfter: number) =>
  `Too many houses were suggested from your network just now: try again in ${wait(retryAfter)}.`;

export const MEMBER_IN_PLAY_MESSAGE = `You already have ${SUGGEST_LIMITS.memberInPlay} suggested houses in play, the most one member may have: ask the organisers to take some out of play first.`;

export const TOTAL_IN_PLAY_MESSAGE = `There are already ${SUGGEST_LIMITS.totalInPlay} houses in play, the most the houses page takes: the organisers must take some out of play before more can be suggested.`;
