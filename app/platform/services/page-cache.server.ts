import type http from "node:http";
import { onTablesChanged } from "~/platform/db/table-changes";
import { keepsState } from "~/platform/lib/module-state";

/**
 * The visitors' one-second page cache (docs/decisions/005-page-cache.md). A visitor's page is the
 * same for every visitor until the data changes, so the finished response (already compressed) is
 * kept and sent as it is, instead of rendering it again. Members' pages are always rendered
 * (docs/decisions/021-no-member-page-cache.md).
 *
 * This module is the store: what is kept, under which key, for how long, and when it is dropped.
 * The request path (request-path.server.ts) answers from it and fills it.
 * - The app marks a visitor's page that ships no scripts as keepable (`PAGE_CACHE_MARK`, set in
 *   entry.server.tsx); the mark never leaves the server. Only a 200 that sets no cookie is kept.
 * - A plain GET without a query string, a session, our cookies or credentials, keyed by path,
 *   scheme and Accept-Encoding: one entry serves every visitor.
 * - An entry lives one second, and any write (this instance's, or another's heard through
 *   LISTEN/NOTIFY, app/platform/db/table-changes.ts) drops them all, so a change shows at once; a
 *   page rendered while a write happened is not kept.
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
keepsState(clearPageCache);

const ANY_OWN_COOKIE = /(?:^|;)\s*(?:__Host-)?sgw_/;

/** The key a visitor's request is kept under, or null when its answer may not come from the cache. */
export function pageCacheKey(req: http.IncomingMessage, scheme: string): string | null {
  if (req.method !== "GET" || !req.url || req.url.includes("?")) return null;
  const { cookie, authorization } = req.headers;
  if (authorization || (cookie && ANY_OWN_COOKIE.test(cookie))) return null;
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
