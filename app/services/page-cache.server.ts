import { randomBytes } from "node:crypto";
import type http from "node:http";
import { onTablesChanged } from "~/db/table-changes";

/**
 * A one-second page cache for visitors (docs/decisions/005-page-cache.md). Pages that ship no JavaScript, rendered for
 * someone who is not logged in, are the same for every visitor until the data changes, so the
 * finished response (already compressed) is kept and sent as it is to the next visitors who ask
 * for the same page the same way, instead of rendering it again for each of them.
 *
 * - The app marks a response it may be kept (`PAGE_CACHE_MARK`, set in entry.server.tsx when the
 *   page is a visitor's, ships no scripts and answers 200); the mark never leaves the server.
 * - Only a plain GET without a query string, a session, our cookies or credentials is answered
 *   from here, keyed by path, scheme and Accept-Encoding.
 * - An entry lives one second, and any write (this instance's, or another's heard through
 *   LISTEN/NOTIFY, app/db/table-changes.ts) drops them all, so a member's change shows at once.
 * - Each answer gets a fresh CSP nonce and a line in the access log, as a rendered page would.
 */
export const PAGE_CACHE_MARK = "x-sgw-page-cache";

const TTL_MS = 1_000;
const MAX_ENTRIES = 64;
const MAX_BODY_BYTES = 512 * 1024;

type Entry = { at: number; headers: http.OutgoingHttpHeaders; body: Buffer };
const entries = new Map<string, Entry>();
/** Counts the writes: a page rendered while one happened may show the old data and is not kept. */
let generation = 0;

/** Drops every kept page (any write this instance makes, and tests). */
export function clearPageCache() {
  entries.clear();
  generation += 1;
}

onTablesChanged(clearPageCache);

function cacheKey(req: http.IncomingMessage, scheme: string): string | null {
  if (req.method !== "GET" || !req.url || req.url.includes("?")) return null;
  const { cookie, authorization } = req.headers;
  if (authorization || (cookie && /(?:^|;)\s*sgw_/.test(cookie))) return null;
  return `${scheme} ${req.url} ${req.headers["accept-encoding"] ?? ""}`;
}

/**
 * Answers `req` from the cache when it can; otherwise hands it on (`next`) and, when the request
 * could be answered from the cache, keeps what the app sends if the app marks it.
 */
export function servePageCached(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  scheme: string,
  next: () => void,
) {
  const key = cacheKey(req, scheme);
  if (!key) return next();
  const now = Date.now();
  const entry = entries.get(key);
  if (entry && now - entry.at < TTL_MS) return send(req, res, entry, performance.now());
  keepResponse(res, key, now);
  next();
}

function send(req: http.IncomingMessage, res: http.ServerResponse, entry: Entry, startedAt: number) {
  const headers = { ...entry.headers };
  const csp = headers["content-security-policy"];
  if (typeof csp === "string") {
    // The page has no inline script; a fresh nonce keeps every answer's policy unguessable anyway.
    headers["content-security-policy"] = csp.replace(
      /'nonce-[^']*'/,
      `'nonce-${randomBytes(16).toString("base64")}'`,
    );
  }
  res.writeHead(200, headers);
  res.end(entry.body);
  // The same line remix-serve's access log (morgan "tiny") writes for a rendered page.
  process.stdout.write(
    `${req.method} ${req.url} 200 ${entry.body.length} - ${(performance.now() - startedAt).toFixed(3)} ms\n`,
  );
}

/** Collects the response as it is sent, and keeps it when the app marked it as a visitor's page. */
function keepResponse(res: http.ServerResponse, key: string, startedAt: number) {
  const startedIn = generation;
  let marked = false;
  let size = 0;
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (!marked || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    size += buffer.length;
    if (size > MAX_BODY_BYTES) marked = false;
    else chunks.push(buffer);
  };

  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    marked = res.getHeader(PAGE_CACHE_MARK) !== undefined;
    res.removeHeader(PAGE_CACHE_MARK);
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof res.writeHead;

  const write = res.write;
  res.write = function (this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
    const result = (write as (...a: unknown[]) => boolean).apply(this, [chunk, ...rest]);
    collect(chunk, rest[0]);
    return result;
  } as typeof res.write;

  const end = res.end;
  res.end = function (this: http.ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    const result = (end as (...a: unknown[]) => http.ServerResponse).apply(this, [chunk, ...rest]);
    collect(chunk, rest[0]);
    return result;
  } as typeof res.end;

  res.once("finish", () => {
    if (!marked || res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return;
    if (generation !== startedIn) return;
    const headers = res.getHeaders();
    delete headers["transfer-encoding"];
    delete headers.date;
    delete headers.connection;
    delete headers["keep-alive"];
    const body = Buffer.concat(chunks);
    headers["content-length"] = String(body.length);
    if (entries.size >= MAX_ENTRIES && !entries.has(key)) entries.clear();
    entries.set(key, { at: startedAt, headers, body });
  });
}
