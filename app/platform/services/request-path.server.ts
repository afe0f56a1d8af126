import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { Socket } from "node:net";
import { env } from "~/platform/env.server";
import { keepsState } from "~/platform/lib/module-state";
import {
  RECEIPT_MAX_BYTES,
  RECEIPT_UPLOAD_PATHS,
  RESTORE_UPLOAD_MAX_BYTES,
  RESTORE_UPLOAD_PATH,
} from "~/platform/lib/limits";
import { redactUrl } from "~/platform/lib/redact-url";
import { type TrustProxy, addressGroup, clientAddress, peerIsTrusted } from "~/platform/lib/trust-proxy";
import {
  MAX_KEPT_BODY_BYTES,
  PAGE_CACHE_MARK,
  keepPage,
  keptPage,
  pageCacheGeneration,
  pageCacheKey,
} from "~/platform/services/page-cache.server";
import {
  REFUSAL_CSP,
  isApi,
  isScriptPost,
  refusalBody,
  scriptRefusalBody,
} from "~/platform/services/refusal-body.server";

/**
 * Everything that happens to a request before Remix sees it, in the order it happens. remix-serve
 * has no middleware hook, so `installRequestPath` (called once from entry.server.tsx) wraps the Node
 * server's "request" event and runs these steps first (docs/decisions/004-remix-serve-request-path.md).
 * A step either answers the request itself, which ends the path, or hands it on.
 */
export function runRequestPath(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  config: RequestPathConfig,
  app: () => void,
) {
  hideTokensFromAccessLog(req, res);
  const scheme = schemeTheMemberUsed(req, config.trustProxy);
  const refusal =
    refuseMethod(req) ??
    refuseTarget(req) ??
    refuseDataParameter(req) ??
    refuseHost(req, config) ??
    refuseForeignOrigin(req, { ...config, scheme }) ??
    refuseContentType(req);
  if (refusal) return answerRefusal(req, res, refusal, hasBody(req));
  holdBodyUntilComplete(
    req,
    res,
    () => {
      if (answerFromPageCache(req, res, scheme)) return;
      keepVisitorsPage(req, res, scheme);
      rememberClientAddress(req, app, res);
    },
    isUpload(req) ? UPLOAD_BODY_BYTES : isReceiptUpload(req) ? RECEIPT_BODY_BYTES : MAX_BODY_BYTES,
    // A receipt is a binary file, full of NUL bytes: its form's text fields are checked in the action.
    { binary: isReceiptUpload(req) && isMultipart(req) },
  );
}

/** The restore's upload: its file and the form's few fields around it (multipart's own lines). */
const UPLOAD_BODY_BYTES = RESTORE_UPLOAD_MAX_BYTES + 64 * 1024;

/**
 * A receipt's post (decision 035): twice the receipt's limit, so a file somewhat too large is read
 * and answered in its form (refuse(), what was typed kept); past this the path answers 413.
 */
const RECEIPT_BODY_BYTES = 2 * RECEIPT_MAX_BYTES + 64 * 1024;

const isMultipart = (req: http.IncomingMessage) =>
  String(req.headers["content-type"] ?? "")
    .toLowerCase()
    .startsWith("multipart/form-data");

function isReceiptUpload(req: http.IncomingMessage) {
  const target = (req.url ?? "").split("?")[0] ?? "";
  return isUnsafe(req) && RECEIPT_UPLOAD_PATHS.some((path) => path.test(target));
}

/** A post of the one page that takes a file (/setup/restore, or its `.data` for a script), whatever its query. */
function isUpload(req: http.IncomingMessage) {
  const target = (req.url ?? "").split("?")[0];
  return isUnsafe(req) && (target === RESTORE_UPLOAD_PATH || target === `${RESTORE_UPLOAD_PATH}.data`);
}

/** What the steps need to know about the app's own address and the proxies in front of it. */
export type RequestPathConfig = { appUrl: URL; appUrlConfigured: boolean; trustProxy: TrustProxy };
/** The same, with the scheme the member used: what the Origin rule compares against. */
export type OriginConfig = { appUrl: URL; appUrlConfigured: boolean; scheme: string };
export type Refusal = {
  status: number;
  message: string;
  headers?: Record<string, string>;
  /** An address in the message the HTML page makes a link. */
  link?: string;
};

const PATCHED = Symbol.for("sgw25.requestPathInstalled");
type PatchableServer = typeof http.Server.prototype & { [PATCHED]?: boolean };

/** Wraps every Node HTTP server's "request" event in the request path (once per process). */
export function installRequestPath() {
  const proto = http.Server.prototype as PatchableServer;
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;
  const emit = proto.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  // A test that installs the path hands the next test file Node's own servers back.
  keepsState(() => {
    proto.emit = emit as typeof proto.emit;
    proto[PATCHED] = false;
  });
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      const { appUrl, appUrlConfigured, trustProxy } = env();
      const config = { appUrl: new URL(appUrl), appUrlConfigured, trustProxy };
      runRequestPath(req, res, config, () => emit.apply(this, [event, ...args]));
      return true;
    }
    if (event === "listening") {
      if (this.listenerCount("connect") === 0) this.on("connect", refuseConnect);
      const bypass = proxyBypass(process.env);
      if (bypass) console.warn(bypass);
    }
    return emit.apply(this, [event, ...args]);
  } as typeof proto.emit;
}

/**
 * The start-up warning when the app trusts a proxy's X-Forwarded-For but listens on every
 * interface: anyone who reaches its port around the proxy may then write that header themselves.
 */
function proxyBypass({ TRUST_PROXY = "", HOST = "" }: NodeJS.ProcessEnv) {
  const trusting = TRUST_PROXY.trim() !== "" && TRUST_PROXY.trim() !== "0";
  if (!trusting || HOST.trim() !== "") return undefined;
  return `TRUST_PROXY is set but HOST is not: the app listens on every interface and is reachable around the proxy; set HOST=127.0.0.1 (or the proxy-facing address).`;
}

// ---------------------------------------------------------------------------------------------
// The access log

/**
 * remix-serve's access log (morgan) writes each URL when the response finishes, and a password-reset
 * link carries its token in the query string: the URL is redacted just before. Registered before the
 * logger's own listener, so it runs first.
 */
export function hideTokensFromAccessLog(req: http.IncomingMessage, res: http.ServerResponse) {
  const logged = req as http.IncomingMessage & { originalUrl?: string };
  res.once("finish", () => {
    if (logged.originalUrl) logged.originalUrl = redactUrl(logged.originalUrl);
    if (logged.url) logged.url = redactUrl(logged.url);
  });
}

// ---------------------------------------------------------------------------------------------
// The scheme

/**
 * Behind a trusted TLS-terminating proxy (TRUST_PROXY) the scheme the member used is the first
 * X-Forwarded-Proto value, which the proxy sets; the request URL Remix builds from Express's
 * `req.protocol` follows it. Anyone else's X-Forwarded-Proto is ignored: "http".
 */
export function schemeTheMemberUsed(req: http.IncomingMessage, trustProxy: TrustProxy): string {
  if (!peerIsTrusted(req.socket?.remoteAddress ?? "unknown", trustProxy)) return "http";
  const proto = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    ?.trim()
    .toLowerCase();
  if (proto !== "https" && proto !== "http") return "http";
  Object.defineProperty(req, "protocol", { value: proto });
  return proto;
}

// ---------------------------------------------------------------------------------------------
// Refusals: what the app never answers, refused before Remix (which would answer most with a 500)

const PAGE_METHODS = ["GET", "HEAD", "POST"];
const API_METHODS = ["GET", "HEAD", "POST", "PATCH"];
/** /api routes answer these themselves, with the Allow header of each route. */
const API_PASSED_ON = new Set([...API_METHODS, "PUT", "DELETE", "OPTIONS"]);
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const isUnsafe = (req: http.IncomingMessage) => UNSAFE_METHODS.has((req.method ?? "GET").toUpperCase());

/** Methods nobody here answers (TRACE, PROPFIND, …) get 405 with an Allow header. */
export function refuseMethod(req: http.IncomingMessage): Refusal | undefined {
  const method = (req.method ?? "GET").toUpperCase();
  const api = isApi(req.url);
  if (api ? API_PASSED_ON.has(method) : PAGE_METHODS.includes(method)) return undefined;
  const allow = (api ? API_METHODS : PAGE_METHODS).join(", ");
  return { status: 405, message: `The ${method} method is not allowed here.`, headers: { Allow: allow } };
}

/**
 * The request target must be a path ("/..."): an absolute URL or "*" is for proxies. A path Express
 * cannot decode, or a NUL byte anywhere, only ever makes the database or a router throw.
 */
export function refuseTarget(req: http.IncomingMessage): Refusal | undefined {
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

/**
 * `?_data=` is how Remix before single fetch asked for a loader's data. Remix still answers it, with
 * a warning logged as an error (a stack trace per request) and, on /api, a 403 of its own: nothing
 * here asks for it, so it is refused before Remix sees it.
 */
export function refuseDataParameter(req: http.IncomingMessage): Refusal | undefined {
  const url = req.url ?? "/";
  const question = url.indexOf("?");
  if (question === -1 || !new URLSearchParams(url.slice(question + 1)).has("_data")) return undefined;
  return { status: 400, message: "The _data parameter is not supported. Open the page itself." };
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
export function refuseHost(req: http.IncomingMessage, config: { appUrl: URL }): Refusal | undefined {
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
 * The origins a form may be posted from: APP_URL's, and when APP_URL is not set, the address the
 * browser used (a laptop's http://127.0.0.1:3000 or a phone's http://192.168.1.20:3000).
 */
export function isOwnOrigin(origin: string, host: string | undefined, config: OriginConfig) {
  if (origin === config.appUrl.origin) return true;
  return !config.appUrlConfigured && Boolean(host) && origin === `${config.scheme}://${host}`.toLowerCase();
}

/**
 * A state-changing request must come from our own origin, as Remix itself checks: a foreign Origin
 * gets 403 with the address to use. A post from APP_URL's origin is given APP_URL's Host, because
 * Remix throws (a 500) when Origin and Host differ, which a reverse proxy's default Host causes.
 */
export function refuseForeignOrigin(req: http.IncomingMessage, config: OriginConfig): Refusal | undefined {
  if (!isUnsafe(req)) return undefined;
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
      link: own,
    };
  }
  if (origin.toLowerCase() === config.appUrl.origin) req.headers.host = config.appUrl.host;
  return undefined;
}

/**
 * Page forms post what HTML forms and Remix's fetchers send: urlencoded fields. Anything else (JSON,
 * text, multipart) would only make `request.formData()` throw in an action; the pages that take a
 * file (the restore's upload on /setup, a receipt on /money's expense forms) may post multipart.
 */
export function refuseContentType(req: http.IncomingMessage): Refusal | undefined {
  if (isApi(req.url) || !isUnsafe(req)) return undefined;
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
  if (type === "application/x-www-form-urlencoded") return undefined;
  if (type === "multipart/form-data" && (isUpload(req) || isReceiptUpload(req))) return undefined;
  return {
    status: 415,
    message: "This page only accepts its own form. Please use the form on the page and try again.",
  };
}

/**
 * A refused body is read and dropped (so the client, still sending, gets to see the answer rather
 * than a reset connection), up to this much; past it the connection is simply closed.
 */
const DISCARD_BYTES = 16 * 1024 * 1024;

/** Answers the request from here, in the form the asker reads; a body still coming is read and dropped. */
export function answerRefusal(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  refusal: Refusal,
  bodyPending: boolean,
) {
  if (bodyPending) {
    let discarded = 0;
    req.push = (chunk: unknown) => {
      if (chunk === null) return false;
      discarded += Buffer.isBuffer(chunk) ? chunk.length : String(chunk).length;
      if (discarded > DISCARD_BYTES) req.socket.destroy();
      return true;
    };
  }
  const send = ({ type, body }: { type: string; body: string }) => {
    res.writeHead(refusal.status, {
      "Content-Type": type,
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": REFUSAL_CSP,
      // Node's parser cannot reliably resync after a body on a method it does not expect one on
      // (TRACE): tell the client not to reuse this connection.
      ...(bodyPending && refusal.status === 405 ? { Connection: "close" } : {}),
      ...refusal.headers,
    });
    res.end(body);
  };
  if (isScriptPost(req.method, req.url)) void scriptRefusalBody(refusal.status, refusal.message).then(send);
  else send(refusalBody(req.url, refusal.status, refusal.message, refusal.link));
}

/** Node hands CONNECT to its own event and drops the socket when nobody listens: answer 405 instead. */
export function refuseConnect(req: http.IncomingMessage, socket: Socket) {
  const { type, body } = refusalBody(req.url, 405, "The CONNECT method is not allowed here.");
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${PAGE_METHODS.join(", ")}\r\nContent-Type: ${type}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The body

export const MAX_BODY_BYTES = 64 * 1024;

// The raw byte, its urlencoded form and its JSON escape.
// eslint-disable-next-line no-control-regex -- finding the NUL byte is the point
const NUL_IN_BODY = /\x00|%00|\\u0000/i;

function hasBody(req: http.IncomingMessage) {
  return Boolean(req.headers["transfer-encoding"]) || Number(req.headers["content-length"] ?? 0) > 0;
}

/**
 * Holds the body back until it is complete, counting bytes as Node's parser pushes them, chunked or
 * not, so an oversized post costs at most the cap in memory: past it the answer is 413 and the rest
 * is dropped as it arrives. A complete body is pushed into the request as it would have arrived, and
 * only then does `next` run. A request without a body goes on at once.
 */
export function holdBodyUntilComplete(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  next: () => void,
  limit = MAX_BODY_BYTES,
  { binary = false }: { binary?: boolean } = {},
) {
  if (!hasBody(req)) return next();
  const tooLarge: Refusal = {
    status: 413,
    message: `The request is larger than ${
      limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MB` : `${Math.round(limit / 1024)} KB`
    }, so it was not read. Nothing was saved.`,
  };
  if (Number(req.headers["content-length"] ?? 0) > limit) return answerRefusal(req, res, tooLarge, true);
  const push = req.push.bind(req);
  const chunks: Buffer[] = [];
  let received = 0;
  let refused = false;
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (refused) return true;
    if (chunk === null) {
      req.push = push;
      // Postgres text cannot hold NUL, and no form field needs it: refuse it here rather than fail later.
      if (!binary && NUL_IN_BODY.test(Buffer.concat(chunks).toString("latin1"))) {
        const nul = { status: 400, message: "The request contains a NUL character. Nothing was saved." };
        answerRefusal(req, res, nul, false);
        push(null);
        return false;
      }
      for (const held of chunks) push(held);
      push(null);
      next();
      return false;
    }
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), encoding);
    received += buffer.length;
    if (received > limit) {
      refused = true;
      chunks.length = 0;
      answerRefusal(req, res, tooLarge, true);
      return true;
    }
    chunks.push(buffer);
    return true;
  };
}

// ---------------------------------------------------------------------------------------------
// The visitors' page cache (the store and its rules: page-cache.server.ts)

/**
 * Answers a visitor's GET with the page kept for the same request less than a second ago, with a
 * fresh CSP nonce and a line in the access log, as a rendered page would. Returns whether it answered.
 */
export function answerFromPageCache(req: http.IncomingMessage, res: http.ServerResponse, scheme: string) {
  const startedAt = performance.now();
  const key = pageCacheKey(req, scheme);
  const page = key === null ? undefined : keptPage(key);
  if (!page) return false;
  const headers = { ...page.headers };
  const csp = headers["content-security-policy"];
  if (typeof csp === "string") {
    // The page has no inline script; a fresh nonce keeps every answer's policy unguessable anyway.
    headers["content-security-policy"] = csp.replace(
      /'nonce-[^']*'/,
      `'nonce-${randomBytes(16).toString("base64")}'`,
    );
  }
  res.writeHead(200, headers);
  res.end(page.body);
  // The same line remix-serve's access log (morgan "tiny") writes for a rendered page.
  process.stdout.write(
    `${req.method} ${redactUrl(req.url ?? "/")} 200 ${page.body.length} - ${(performance.now() - startedAt).toFixed(3)} ms\n`,
  );
  return true;
}

/**
 * For a request a visitor's page may be kept for, collects the response as the app sends it, and
 * keeps it when the app marked it as keepable (`PAGE_CACHE_MARK`, removed before it leaves) and it
 * is a 200 setting no cookie. Any other request is left alone.
 */
export function keepVisitorsPage(req: http.IncomingMessage, res: http.ServerResponse, scheme: string) {
  const key = pageCacheKey(req, scheme);
  if (key === null) return;
  const startedAt = Date.now();
  const startedIn = pageCacheGeneration();
  let marked = false;
  let size = 0;
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (!marked || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    size += buffer.length;
    if (size > MAX_KEPT_BODY_BYTES) marked = false;
    else chunks.push(buffer);
  };

  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    marked = res.hasHeader(PAGE_CACHE_MARK);
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
    const headers = res.getHeaders();
    delete headers["transfer-encoding"];
    delete headers.date;
    delete headers.connection;
    delete headers["keep-alive"];
    const body = Buffer.concat(chunks);
    headers["content-length"] = String(body.length);
    keepPage(key, { at: startedAt, headers, body }, startedIn);
  });
}

// ---------------------------------------------------------------------------------------------
// The client's address

/**
 * remix-serve hands the app a Fetch `Request`, which has no socket address. Rate limits per client
 * need one, so the peer address is kept in async-local storage for the rest of the request's work,
 * with the Node response, so work can wait until the answer has gone (`afterResponse`).
 */
const clients = new AsyncLocalStorage<{ remoteAddress: string; res?: http.ServerResponse }>();

/** Runs the app with the socket peer's address (and its response) at hand for `clientIp`. */
export function rememberClientAddress(req: http.IncomingMessage, app: () => void, res?: http.ServerResponse) {
  clients.run({ remoteAddress: req.socket?.remoteAddress ?? "unknown", res }, app);
}

/**
 * Runs `work` once this request's response is over: every byte written (or the client gone), not
 * merely handed to Remix. A timer is not enough: compression writes the body from zlib's thread
 * pool, so a timer fires before the last bytes are out, and work on the embedded database (PGlite
 * runs on this thread) would hold them back; the answer's timing would then tell what the work
 * found. Without a response at hand (a test calling an action, a script) it runs after a timer.
 */
export function afterResponse(work: () => void) {
  const res = clients.getStore()?.res;
  const later = () => setImmediate(work);
  if (!res || res.closed) setTimeout(later, 0);
  else res.once("close", later);
}

/**
 * The client's address, as the per-address limits count it: the socket peer, or behind trusted
 * proxies (TRUST_PROXY) the right-most X-Forwarded-For entry that no trusted proxy wrote (entries
 * further left are the client's own words); an IPv6 client stands for its whole /64.
 */
export function clientIp(request: Request): string {
  const peer = clients.getStore()?.remoteAddress ?? "unknown";
  return addressGroup(clientAddress(peer, request.headers.get("x-forwarded-for"), env().trustProxy));
}

/**
 * Runs `fn` as if the request came from `remoteAddress` (tests call actions directly); with `res`,
 * as if its answer were still being sent until `res` closes (what `afterResponse` waits for).
 */
export function runAsClient<T>(remoteAddress: string, fn: () => T, res?: http.ServerResponse): T {
  return clients.run({ remoteAddress, res }, fn);
}
