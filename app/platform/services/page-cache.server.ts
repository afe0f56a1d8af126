import type http from "node:http";
import { onTablesChanged } from "~/platform/db/table-changes";

/**
 * A one-second page cache for visitors (docs/decisions/005-page-cache.md). Pages that ship no JavaScript, rendered for
 * someone who is not logged in, are the same for every visitor until the data changes, so the
 * finished response (already compressed) is kept and sent as it is to the next visitors who ask
 * for the same page the same way, instead of rendering it again for each of them.
 *
 * This module is the store: what is kept, under which key, for how long, and when it is dropped.
 * The request path (request-path.server.ts) answers from it and fills it.
 * - The app marks a response it may be kept (`PAGE_CACHE_MARK`, set in entry.server.tsx when the
 *   page is a visitor's, ships no scripts and answers 200); the mark never leaves the server.
 * - Only a plain GET without a query string, a session, our cookies or credentials is answered
 *   from here, keyed by path, scheme and Accept-Encoding.
 * - An entry lives one second, and any write (this instance's, or another's heard through
 *   LISTEN/NOTIFY, app/platform/db/table-changes.ts) drops them all, so a member's change shows at once.
 */
export const PAGE_CACHE_MARK = "x-sgw-page-cache";

const TTL_MS = 1_000;
const MAX_ENTRIES = 64;
export const MAX_KEPT_BODY_BYTES = 512 * 1024;

export type KeptPage = { at: number; headers: http.OutgoingHttpHeaders; body: Buffer };
const entries = new Map<string, KeptPage>();
/** Counts the writes: a page rendered while one happened may show the old data and is not kept. */
let generation = 0;

/** Drops every kept page (any write this instance makes, and tests). */
export function clearPageCache() {
  entries.clear();
  generation += 1;
}

onTablesChanged(clearPageCache);

/** The key a request is kept under, or null when its answer may not come from the cache. */
export function pageCacheKey(req: http.IncomingMessage, scheme: string): string | null {
  if (req.method !== "GET" || !req.url || req.url.includes("?")) return null;
  const { cookie, authorization } = req.headers;
  if (authorization || (cookie && /(?:^|;)\s*(?:__Host-)?sgw_/.test(cookie))) return null;
  return `${scheme} ${req.url} ${req.headers["accept-encoding"] ?? ""}`;
}

/** The page kept under `key`, while it is less than a second old. */
export function keptPage(key: string, now = Date.now()): KeptPage | undefined {
  const entry = entries.get(key);
  return entry && now - entry.at < TTL_MS ? entry : undefined;
}

/** Which writes a page being rendered now has seen; pass it back to `keepPage`. */
export function pageCacheGeneration() {
  return generation;
}

/** Keeps a finished page, unless a write happened since its rendering began (`startedIn`). */
export function keepPage(key: string, page: KeptPage, startedIn: number) {
  if (generation !== startedIn) return;
  if (entries.size >= MAX_ENTRIES && !entries.has(key)) entries.clear();
  entries.set(key, page);
}
