import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";
import { env } from "~/env.server";
import { clientAddress, peerIsTrusted } from "~/lib/trust-proxy";
import { guardRequest, refuseConnect } from "./http-guard.server";
import { servePageCached } from "./page-cache.server";

/**
 * remix-serve hands the app a Fetch `Request`, which has no socket address. Rate limits per client
 * need one, so the Node HTTP server's "request" event is wrapped once to keep the peer address in
 * async-local storage for the rest of that request's work.
 *
 * Visitors' read-only pages may be answered from the page cache here (page-cache.server.ts).
 *
 * The same wrapper keeps secrets out of remix-serve's access log (morgan logs each URL when the
 * response finishes): a password-reset link carries its token in the query string.
 */
const store = new AsyncLocalStorage<{ remoteAddress: string }>();
const PATCHED = Symbol.for("sgw25.clientIpPatched");

type PatchableServer = typeof http.Server.prototype & { [PATCHED]?: boolean };

export function installClientIpTracking() {
  const proto = http.Server.prototype as PatchableServer;
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;
  const emit = proto.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage & { originalUrl?: string };
      const res = args[1] as http.ServerResponse;
      // Registered before the logger's own listener, so it runs first.
      res.once("finish", () => {
        if (req.originalUrl) req.originalUrl = redactUrl(req.originalUrl);
        if (req.url) req.url = redactUrl(req.url);
      });
      const config = env();
      const peer = req.socket?.remoteAddress ?? "unknown";
      const scheme = (peerIsTrusted(peer, config.trustProxy) && useForwardedScheme(req)) || "http";
      const guard = { appUrl: new URL(config.appUrl), appUrlConfigured: config.appUrlConfigured, scheme };
      guardRequest(req, res, guard, () =>
        servePageCached(req, res, scheme, () =>
          store.run({ remoteAddress: peer }, () => emit.apply(this, [event, ...args])),
        ),
      );
      return true;
    }
    if (event === "listening" && this.listenerCount("connect") === 0) this.on("connect", refuseConnect);
    return emit.apply(this, [event, ...args]);
  } as typeof proto.emit;
}

/**
 * Behind a trusted TLS-terminating proxy (TRUST_PROXY) the scheme the member used is the first
 * X-Forwarded-Proto value, which the proxy sets; the request URL Remix builds from Express's
 * `req.protocol` follows it.
 */
function useForwardedScheme(req: http.IncomingMessage) {
  const proto = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    ?.trim()
    .toLowerCase();
  if (proto !== "https" && proto !== "http") return undefined;
  Object.defineProperty(req, "protocol", { value: proto });
  return proto;
}

/** Hides the value of any `token` query parameter: "/reset-password?token=abc" -> "?token=[redacted]". */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]");
}

/**
 * The client's address: the socket peer, or behind trusted proxies (TRUST_PROXY) the right-most
 * X-Forwarded-For entry that no trusted proxy wrote; entries further left are the client's own words.
 */
export function clientIp(request: Request): string {
  const peer = store.getStore()?.remoteAddress ?? "unknown";
  return clientAddress(peer, request.headers.get("x-forwarded-for"), env().trustProxy);
}

/** Runs `fn` as if the request came from `remoteAddress` (tests call actions directly). */
export function runAsClient<T>(remoteAddress: string, fn: () => T): T {
  return store.run({ remoteAddress }, fn);
}
