import { createHash } from "node:crypto";
import type http from "node:http";
import { onTablesChanged } from "~/platform/db/table-changes";

/**
 * A one-second page cache (docs/decisions/005-page-cache.md, 019-members-page-cache.md). A page
 * rendered for a GET is the same for the next identical GET until the data changes, so the finished
 * response (already compressed) is kept and sent as it is, instead of rendering it again.
 *
 * This module is the store: what is kept, under which key, for how long, and when it is dropped.
 * The request path (request-path.server.ts) answers from it and fills it.
 * - The app marks a response it may be kept (`PAGE_CACHE_MARK`, set in entry.server.tsx): "visitor"
 *   for a visitor's page that ships no scripts, "member" for a member's page; the mark never leaves
 *   the server. Only a 200 that sets no cookie is kept.
 * - **Visitors:** a plain GET without a query string, a session, our cookies or credentials, keyed by
 *   path, scheme and Accept-Encoding: one entry serves every visitor.
 * - **Members:** a GET with our session cookie and no other credentials, keyed by a hash of
 *   everything the page can depend on: scheme, Host, the whole target (query included),
 *   Accept-Encoding and the whole Cookie header. One entry serves only the same member's same
 *   request again: a reload, a double-tapped link, back and forth, several tabs.
 * - Values drawn for one response only (the money forms' double-submit keys) are registered as the
 *   page renders (`keyPerResponse` in request-path.server.ts); a kept page that holds some is sent
 *   with fresh ones each time, so two answers never share one.
 * - An entry lives one second, and any write (this instance's, or another's heard through
 *   LISTEN/NOTIFY, app/platform/db/table-changes.ts) drops them all, so a change shows at once; a
 *   page rendered while a write happened is not kept.
 */
export const PAGE_CACHE_MARK = "x-sgw-page-cache";
export type PageKind = "visitor" | "member";

const TTL_MS = 1_000;
const MAX_ENTRIES: Record<PageKind, number> = { visitor: 64, member: 256 };
export const MAX_KEPT_BODY_BYTES = 512 * 1024;

export type KeptPage = {
  at: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  /** A member's page with keys drawn for its response only: its text split around them. */
  perResponse?: PerResponse;
};
/** Text, key, text, key, …, text: the page's uncompressed text around the keys drawn for it. */
export type PerResponse = { parts: string[] };
export type PageCacheKey = { kind: PageKind; key: string };

const entries: Record<PageKind, Map<string, KeptPage>> = { visitor: new Map(), member: new Map() };
/** Counts the writes: a page rendered while one happened may show the old data and is not kept. */
let generation = 0;

/** Drops every kept page (any write this instance makes, and tests). */
export function clearPageCache() {
  entries.visitor.clear();
  entries.member.clear();
  generation += 1;
}

onTablesChanged(clearPageCache);

const SESSION_COOKIE = /(?:^|;)\s*(?:__Host-)?sgw_session=[^;\s]/;
const ANY_OWN_COOKIE = /(?:^|;)\s*(?:__Host-)?sgw_/;

/** The key a request is kept under, or null when its answer may not come from the cache. */
export function pageCacheKey(req: http.IncomingMessage, scheme: string): PageCacheKey | null {
  if (req.method !== "GET" || !req.url) return null;
  const { cookie, authorization } = req.headers;
  if (authorization) return null;
  const encoding = req.headers["accept-encoding"] ?? "";
  if (!cookie || !ANY_OWN_COOKIE.test(cookie)) {
    return req.url.includes("?") ? null : { kind: "visitor", key: `${scheme} ${req.url} ${encoding}` };
  }
  if (!SESSION_COOKIE.test(cookie)) return null;
  const key = createHash("sha256")
    .update([scheme, req.headers.host ?? "", req.url, encoding, cookie].join("\n"))
    .digest("base64");
  return { kind: "member", key };
}

/** The page kept under `key`, while it is less than a second old. */
export function keptPage({ kind, key }: PageCacheKey, now = Date.now()): KeptPage | undefined {
  const entry = entries[kind].get(key);
  return entry && now - entry.at < TTL_MS ? entry : undefined;
}

/** Which writes a page being rendered now has seen; pass it back to `keepPage`. */
export function pageCacheGeneration() {
  return generation;
}

/** Keeps a finished page, unless a write happened since its rendering began (`startedIn`). */
export function keepPage({ kind, key }: PageCacheKey, page: KeptPage, startedIn: number) {
  if (generation !== startedIn) return;
  const kept = entries[kind];
  if (kept.size >= MAX_ENTRIES[kind] && !kept.has(key)) kept.clear();
  kept.set(key, page);
}
