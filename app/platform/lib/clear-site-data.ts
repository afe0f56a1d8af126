/**
 * `Clear-Site-Data` values (issue 56). A copy of the trip sheet the service worker keeps is in Cache
 * Storage ("storage", which also unregisters the worker); "cache" drops what the HTTP cache holds.
 * Neither touches cookies, so a session the same response sets still arrives. The planner keeps
 * nothing else in the browser's storage (no localStorage, no IndexedDB).
 */
export const CLEAR_SITE_COPY = '"cache", "storage"';
/**
 * At a sign-in: another member's copy goes, the HTTP cache (the build's scripts, which are nobody's)
 * stays, so a slow phone does not download them again.
 */
export const CLEAR_SITE_STORAGE = '"storage"';
