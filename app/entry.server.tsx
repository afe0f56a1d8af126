import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { InlineCssProvider } from "~/platform/components/inline-css";
import { NonceProvider } from "~/platform/components/nonce";
import { JustLoggedInProvider } from "~/platform/components/login-marker";
import { hasLoginMarker } from "~/platform/lib/login-marker";
import {
  RETRY_AFTER_SECONDS,
  databaseUnavailableResponse,
  isDatabaseUnavailable,
  outageCode,
} from "~/platform/db/availability";
import { env } from "~/platform/env.server";
import { needsHydration } from "~/platform/lib/hydration";
import { redactUrl } from "~/platform/lib/redact-url";
import { installRequestPath } from "~/platform/services/request-path.server";
import { requestHousePhotos } from "~/features/houses/index.server";
import { startTripTimeline } from "~/features/trip/index.server";
import { startBackupWatch, startOrganiserNotices } from "~/features/organiser/index.server";
import { REFUSAL_STATUSES, REFUSED_HEADER } from "~/platform/services/refuse.server";
import { PAGE_CACHE_MARK } from "~/platform/services/page-cache.server";
import { readBuiltCss } from "~/platform/services/inline-css.server";
import { securityHeaders } from "~/platform/services/security-headers.server";
import { startBackupAccess, startNightlyBackups } from "~/platform/services/backup.server";
import { ownerOnly } from "~/platform/db/private-files";

// A bad configuration stops the server at start with a clear message, not at the first request.
env();
// The database's files, the backups and the key file it writes are its owner's only (issue 53).
ownerOnly();
installRequestPath();
// The trip mails' timeline runs inside this process from its start (no worker to deploy).
startTripTimeline();
// So do the organisers' notices (everyone answered, the daily digest), claimed in the database.
startOrganiserNotices();
// One backup a night, claimed in the database; and `npm run backup`'s key to the embedded database.
startNightlyBackups();
startBackupAccess();
// The organisers hear once when the backups fail or stop, and once when they work again.
startBackupWatch();

const ABORT_DELAY = 5_000;
let photosStarted = false;

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
        `${request.method} ${redactUrl(new URL(request.url).pathname)}: database unavailable (${outageCode(error)})`,
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

/**
 * Single-fetch data requests (JS navigations and form posts) carry the same Retry-After. They hold a
 * member's data, so no cache keeps them, and they are never sniffed as something else.
 */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  if (unavailable.has(request)) {
    // Remix answers 500 whatever the loader threw; the body (the route's error) stays as it is.
    markUnavailable(503, response.headers);
    response = new Response(response.body, { status: 503, headers: response.headers });
  }
  if (request.method === "POST" && REFUSAL_STATUSES.has(response.status)) {
    // A refused form posted by the page's script: the body says it all (the failure, or the thrown
    // error with its status), so the fetch answers 200 and a refusal is no error in the console
    // (docs/decisions/026-one-form-answer.md). The router then re-reads the page, as after a save.
    response.headers.set(REFUSED_HEADER, String(response.status));
    response = new Response(response.body, { status: 200, headers: response.headers });
  }
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("X-Content-Type-Options", "nosniff");
  return response;
}

/** A page rendered for a member (the root loader found one): no shared or browser cache may keep it. */
function isMembersPage(context: EntryContext) {
  const root = context.staticHandlerContext.loaderData.root as { user?: unknown } | undefined;
  return Boolean(root?.user);
}

/**
 * A page the page cache may keep for every visitor: a 200 for a GET, setting no cookie, for someone
 * not logged in, on routes that ship no JavaScript. Everything on it is the same for every visitor.
 * A member's page is always rendered (docs/decisions/021-no-member-page-cache.md).
 */
function isVisitorsPlainPage(request: Request, status: number, headers: Headers, context: EntryContext) {
  if (request.method !== "GET" || status !== 200 || headers.has("Set-Cookie")) return false;
  const { matches, loaderData } = context.staticHandlerContext;
  const root = loaderData.root as { user?: unknown } | undefined;
  if (!root || root.user) return false;
  return !needsHydration(matches.map((match) => ({ handle: context.routeModules[match.route.id]?.handle })));
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // The first page served starts the photo sweep (photos wanted before this start, due retries).
  if (!photosStarted) {
    photosStarted = true;
    void requestHousePhotos();
  }
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
  if (isMembersPage(remixContext)) {
    responseHeaders.set("Cache-Control", "private, no-store");
  } else if (isVisitorsPlainPage(request, responseStatusCode, responseHeaders, remixContext)) {
    responseHeaders.set(PAGE_CACHE_MARK, "visitor");
  }
  // No route defers data, so the page is complete as soon as its shell is: it is sent in one piece
  // (crawlers and browsers alike), which the compressor takes in one go instead of chunk by chunk.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <JustLoggedInProvider value={hasLoginMarker(request.headers.get("Cookie"))}>
          <InlineCssProvider value={readBuiltCss}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </InlineCssProvider>
        </JustLoggedInProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const page = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(
                new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }),
              );
              done();
            },
          });
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error in the shell reaches Remix through onShellError (and is logged there); log others once.
          if (shellRendered) console.error(error);
        },
      },
    );
    // React starts rendering on the next tick, so every callback above runs after this line.
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}
