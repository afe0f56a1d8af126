import type http from "node:http";
import type { Socket } from "node:net";
import { encode } from "turbo-stream";

/**
 * What the app refuses before Remix sees a request. remix-serve offers no middleware, so these run in
 * the Node server's "request" event (see client-ip.server.ts, which installs the wrapper):
 * - methods nobody here answers (TRACE, PROPFIND, …, and CONNECT, which Node hands to a separate
 *   event) get 405 with an Allow header instead of Remix's 500;
 * - bodies are capped while they stream in, chunked or not, and held back from Remix until complete,
 *   so an oversized post costs at most the cap in memory and gets 413;
 * - the request target must be a path, and Host / X-Forwarded-Host well-formed, else 400 (Remix would
 *   throw building the request URL: a 500);
 * - a state-changing post must come from our own origin: APP_URL's when it is set, else the address
 *   the browser used (its Host), as Remix itself checks. A foreign Origin gets 403, and a post from
 *   APP_URL's origin is given APP_URL's Host, because Remix itself throws (a 500) when Origin and
 *   Host differ, which is what a reverse proxy's default Host header causes.
 *
 * A refused script request (`.data`, Remix's single fetch) is answered in the form the page's
 * script reads, so the member sees the reason rather than "the server could not handle this".
 */

export const MAX_BODY_BYTES = 64 * 1024;

const PAGE_METHODS = ["GET", "HEAD", "POST"];
const API_METHODS = ["GET", "HEAD", "POST", "PATCH"];
/** /api routes answer these themselves, with the Allow header of each route. */
const API_PASSED_ON = new Set([...API_METHODS, "PUT", "DELETE", "OPTIONS"]);
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type Refusal = { status: number; message: string; headers?: Record<string, string> };

/** What the guard needs to know about the app's own address. */
export type GuardConfig = { appUrl: URL; appUrlConfigured: boolean; scheme: string };

const isApi = (url: string | undefined) => url === "/api" || Boolean(url?.startsWith("/api/"));

/** A form post from the page's script (Remix's single fetch asks for `<path>.data`). */
const isScriptPost = (req: http.IncomingMessage) =>
  req.method === "POST" && Boolean(req.url?.split("?")[0].endsWith(".data"));

class ScriptRefusal {
  constructor(
    readonly status: number,
    readonly message: string,
  ) {}
}

/** The refusal as single fetch encodes an action's thrown 4xx Response: the script shows `message`. */
async function scriptRefusalBody(status: number, message: string) {
  const stream = encode(
    { error: new ScriptRefusal(status, message) },
    {
      plugins: [
        (value) =>
          value instanceof ScriptRefusal ? ["ErrorResponse", value.message, value.status, ""] : undefined,
      ],
    },
  );
  return Buffer.from(await new Response(stream).arrayBuffer()).toString("utf8");
}

function refusalBody(url: string | undefined, status: number, message: string) {
  if (isApi(url))
    return { type: "application/json; charset=utf-8", body: JSON.stringify({ error: message }) };
  const title =
    { 400: "Bad request", 403: "Request refused", 405: "Method not allowed", 413: "Too much data" }[status] ??
    "Refused";
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} — SGW25</title></head><body><main><h1>${title}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="/">Back to the home page</a></p></main></body></html>`;
  return { type: "text/html; charset=utf-8", body };
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A refused body is read and dropped (so the client, still sending, gets to see the answer rather
 * than a reset connection), up to this much; past it the connection is simply closed.
 */
const DISCARD_BYTES = 16 * 1024 * 1024;

/** Reads the rest of a refused body without keeping it (closing the connection past DISCARD_BYTES). */
function discardBody(req: http.IncomingMessage) {
  let discarded = 0;
  req.push = (chunk: unknown) => {
    if (chunk === null) return false;
    discarded += Buffer.isBuffer(chunk) ? chunk.length : String(chunk).length;
    if (discarded > DISCARD_BYTES) req.socket.destroy();
    return true;
  };
}

/** Answers the request from here; a body still coming is read and dropped. */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, refusal: Refusal, bodyPending: boolean) {
  if (bodyPending) discardBody(req);
  if (isScriptPost(req)) {
    void scriptRefusalBody(refusal.status, refusal.message).then((body) =>
      send(req, res, refusal, bodyPending, { type: "text/x-script", body }),
    );
    return;
  }
  send(req, res, refusal, bodyPending, refusalBody(req.url, refusal.status, refusal.message));
}

function send(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  refusal: Refusal,
  bodyPending: boolean,
  { type, body }: { type: string; body: string },
) {
  res.writeHead(refusal.status, {
    "Content-Type": type,
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    // Node's parser cannot reliably resync after a body on a method it does not expect one on
    // (TRACE): tell the client not to reuse this connection.
    ...(bodyPending && refusal.status === 405 ? { Connection: "close" } : {}),
    ...refusal.headers,
  });
  res.end(body);
}

function methodRefusal(req: http.IncomingMessage): Refusal | undefined {
  const method = (req.method ?? "GET").toUpperCase();
  const api = isApi(req.url);
  if (api ? API_PASSED_ON.has(method) : PAGE_METHODS.includes(method)) return undefined;
  const allow = (api ? API_METHODS : PAGE_METHODS).join(", ");
  return { status: 405, message: `The ${method} method is not allowed here.`, headers: { Allow: allow } };
}

/**
 * The origins a form may be posted from: APP_URL's, and when APP_URL is not set, the address the
 * browser used (a laptop's http://127.0.0.1:3000 or a phone's http://192.168.1.20:3000).
 */
export function isOwnOrigin(origin: string, host: string | undefined, config: GuardConfig) {
  if (origin === config.appUrl.origin) return true;
  return !config.appUrlConfigured && Boolean(host) && origin === `${config.scheme}://${host}`.toLowerCase();
}

/**
 * The Origin rule. Returns a refusal for a foreign origin; for APP_URL's origin, makes the Host header
 * agree with it so Remix's own check passes behind a proxy that sends its upstream address as Host.
 */
function originRefusal(req: http.IncomingMessage, config: GuardConfig): Refusal | undefined {
  if (!UNSAFE_METHODS.has((req.method ?? "GET").toUpperCase())) return undefined;
  const origin = req.headers.origin;
  // No Origin (API clients, old browsers): the session layer checks Referer for cookie posts.
  if (!origin) return undefined;
  // An opaque origin ("null": sandboxed frames, some cross-site redirects) is never our own form; the
  // /api contract does not depend on Origin, so only pages refuse it.
  if (origin === "null" && isApi(req.url)) return undefined;
  const own = config.appUrlConfigured ? config.appUrl.origin : `${config.scheme}://${req.headers.host}`;
  if (!isOwnOrigin(origin.toLowerCase(), req.headers.host?.toLowerCase(), config)) {
    return {
      status: 403,
      message: `This request came from ${origin}, not from ${own}, so it was refused. Open the planner at ${own} and try again.`,
    };
  }
  if (origin.toLowerCase() === config.appUrl.origin) req.headers.host = config.appUrl.host;
  return undefined;
}

/** A Host (or X-Forwarded-Host) value a URL can be built from: a name or address, an optional port. */
export function isValidHost(value: string) {
  if (!value || /[\s/\\?#@]/.test(value)) return false;
  try {
    const url = new URL(`http://${value}`);
    return url.pathname === "/" && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * Remix builds the request URL from Host, X-Forwarded-Host's port and the target, and throws (a 500)
 * on anything malformed: refuse it here. X-Forwarded-Host is then dropped, because the app takes its
 * address from APP_URL or Host, never from it. HTTP/1.0 without Host gets APP_URL's.
 */
function hostRefusal(req: http.IncomingMessage, config: GuardConfig): Refusal | undefined {
  const host = req.headers.host;
  const forwarded = req.headers["x-forwarded-host"];
  const values = [
    host ?? config.appUrl.host,
    ...(forwarded === undefined ? [] : String(forwarded).split(",")),
  ];
  if (!values.every((value) => isValidHost(value.trim()))) {
    return { status: 400, message: "The Host header of this request is not valid." };
  }
  if (host === undefined) req.headers.host = config.appUrl.host;
  delete req.headers["x-forwarded-host"];
  return undefined;
}

/**
 * Page forms post what HTML forms and Remix's fetchers send: urlencoded fields. Anything else (JSON,
 * text, multipart: the app takes no uploads) would only make `request.formData()` throw in an action.
 */
function contentTypeRefusal(req: http.IncomingMessage): Refusal | undefined {
  if (isApi(req.url) || !UNSAFE_METHODS.has((req.method ?? "GET").toUpperCase())) return undefined;
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
  if (type === "application/x-www-form-urlencoded") return undefined;
  return {
    status: 415,
    message: "This page only accepts its own form. Please use the form on the page and try again.",
  };
}

/**
 * The request target must be a path ("/..."): an absolute URL or "*" is for proxies. A path Express
 * cannot decode, or a NUL byte anywhere, only ever makes the database or a router throw.
 */
function targetRefusal(req: http.IncomingMessage): Refusal | undefined {
  const url = req.url ?? "/";
  if (!url.startsWith("/")) return { status: 400, message: "That address is not valid." };
  try {
    decodeURIComponent(url.split("?")[0]);
  } catch {
    return { status: 400, message: "That address is not valid." };
  }
  if (/%00/.test(url)) return { status: 400, message: "That address contains a NUL character." };
  return undefined;
}

// The raw byte, its urlencoded form and its JSON escape.
// eslint-disable-next-line no-control-regex -- finding the NUL byte is the point
const NUL_IN_BODY = /\x00|%00|\\u0000/i;

function hasBody(req: http.IncomingMessage) {
  return Boolean(req.headers["transfer-encoding"]) || Number(req.headers["content-length"] ?? 0) > 0;
}

/**
 * Holds the body back until it is complete, counting bytes as Node's parser pushes them. Past the cap
 * the rest is never buffered: the answer is 413 and the rest of the body is dropped as it arrives. A complete body is pushed
 * into the request as it would have arrived, and only then does the app see the request.
 */
function whenBodyAccepted(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  limit: number,
  accept: () => void,
) {
  const declared = Number(req.headers["content-length"] ?? 0);
  const tooLarge: Refusal = {
    status: 413,
    message: `The request is larger than ${Math.round(limit / 1024)} KB, so it was not read. Nothing was saved.`,
  };
  if (declared > limit) {
    refuse(req, res, tooLarge, true);
    return;
  }
  const push = req.push.bind(req);
  const chunks: Buffer[] = [];
  let received = 0;
  let refused = false;
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (refused) return true;
    if (chunk === null) {
      req.push = push;
      // Postgres text cannot hold NUL, and no form field needs it: refuse it here rather than fail later.
      if (NUL_IN_BODY.test(Buffer.concat(chunks).toString("latin1"))) {
        refuse(
          req,
          res,
          { status: 400, message: "The request contains a NUL character. Nothing was saved." },
          false,
        );
        push(null);
        return false;
      }
      for (const held of chunks) push(held);
      push(null);
      accept();
      return false;
    }
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), encoding);
    received += buffer.length;
    if (received > limit) {
      refused = true;
      chunks.length = 0;
      refuse(req, res, tooLarge, true);
      return true;
    }
    chunks.push(buffer);
    return true;
  };
}

/**
 * Decides what to do with a request: refuse it here, or hand it on (at once, or once its body is in).
 * `handOn` runs the app's own listeners.
 */
export function guardRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  config: GuardConfig,
  handOn: () => void,
  limit = MAX_BODY_BYTES,
) {
  const refusal =
    methodRefusal(req) ??
    targetRefusal(req) ??
    hostRefusal(req, config) ??
    originRefusal(req, config) ??
    contentTypeRefusal(req);
  if (refusal) {
    refuse(req, res, refusal, hasBody(req));
    return;
  }
  if (hasBody(req)) whenBodyAccepted(req, res, limit, handOn);
  else handOn();
}

/** Node hands CONNECT to its own event and drops the socket when nobody listens: answer 405 instead. */
export function refuseConnect(req: http.IncomingMessage, socket: Socket) {
  const { type, body } = refusalBody(req.url, 405, "The CONNECT method is not allowed here.");
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${PAGE_METHODS.join(", ")}\r\nContent-Type: ${type}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
