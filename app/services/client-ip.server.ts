import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";
import { env } from "~/env.server";

/**
 * remix-serve hands the app a Fetch `Request`, which has no socket address. Rate limits per client
 * need one, so the Node HTTP server's "request" event is wrapped once to keep the peer address in
 * async-local storage for the rest of that request's work.
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
      const req = args[0] as http.IncomingMessage;
      return store.run({ remoteAddress: req.socket?.remoteAddress ?? "unknown" }, () =>
        emit.apply(this, [event, ...args]),
      );
    }
    return emit.apply(this, [event, ...args]);
  } as typeof proto.emit;
}

/** The client's address: the socket peer, or the first X-Forwarded-For hop when TRUST_PROXY=1. */
export function clientIp(request: Request): string {
  if (env().trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return store.getStore()?.remoteAddress ?? "unknown";
}

/** Runs `fn` as if the request came from `remoteAddress` (tests call actions directly). */
export function runAsClient<T>(remoteAddress: string, fn: () => T): T {
  return store.run({ remoteAddress }, fn);
}
