import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { InlineCssProvider } from "~/components/inline-css";
import { NonceProvider } from "~/components/nonce";
import {
  RETRY_AFTER_SECONDS,
  databaseUnavailableResponse,
  isDatabaseUnavailable,
  outageCode,
} from "~/db/availability";
import { env } from "~/env.server";
import { installClientIpTracking } from "~/services/client-ip.server";
import { readBuiltCss } from "~/services/inline-css.server";
import { securityHeaders } from "~/services/security-headers.server";

// A bad configuration stops the server at start with a clear message, not at the first request.
env();
installClientIpTracking();

const ABORT_DELAY = 5_000;

/** A 503 (the database is away) tells browsers and proxies when to come back. */
function markUnavailable(status: number, headers: Headers) {
  if (status !== 503) return;
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
}

/** Requests whose loader or action found the database away (marked by handleError below). */
const unavailable = new WeakSet<Request>();

export function handleError(error: unknown, { request }: { request: Request }) {
  if (isDatabaseUnavailable(error)) {
    // An outage is not a bug: one line in the log, no stack trace, and the request answers 503.
    if (!unavailable.has(request)) {
      console.warn(
        `${request.method} ${new URL(request.url).pathname}: database unavailable (${outageCode(error)})`,
      );
    }
    unavailable.add(request);
    return;
  }
  if (error instanceof Response || request.signal.aborted) return;
  // A 4xx the router raised itself (e.g. a POST to a page without an action answers 405): the
  // client's mistake, not a fault to log with a stack trace.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}

/** Single-fetch data requests (JS navigations and form posts) carry the same Retry-After. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  if (unavailable.has(request)) markUnavailable(503, response.headers);
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  if (unavailable.has(request) && responseStatusCode !== 503) {
    // Remix renders again with this response as the route error: the boundary shows the outage
    // message with status 503 (and the same error reaches the browser for hydration).
    throw databaseUnavailableResponse();
  }
  const nonce = randomBytes(16).toString("base64");
  const config = env();
  const headers = securityHeaders(nonce, config.secureCookies, config.nodeEnv === "development");
  for (const [name, value] of Object.entries(headers)) {
    responseHeaders.set(name, value);
  }
  markUnavailable(responseStatusCode, responseHeaders);
  // Crawlers get the whole document at once; browsers get it streamed as soon as the shell is ready.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={readBuiltCss}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already streamed into the error boundary; log them once.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
