/** How often the editions app's background jobs look for work (JOBS_EVERY_MS), for server.mjs and the spec. */
export const JOBS_EVERY_MS = 3_000;
