/** How long each kind of one-time secret lives, and how often a typed code may be tried. */
export const ONE_TIME_TTL_MS = {
  "sign-in": 15 * 60 * 1000,
  register: 15 * 60 * 1000,
  "reset-password": 30 * 60 * 1000,
  "confirm-address": 30 * 60 * 1000,
  "change-address": 24 * 60 * 60 * 1000,
  "personal-link": 14 * 24 * 60 * 60 * 1000,
  "kept-submission": 30 * 60 * 1000,
  setup: 24 * 60 * 60 * 1000,
} as const;

/** Wrong tries a code survives: the 6th try is refused even with the right code. */
export const CODE_MAX_TRIES = 5;
