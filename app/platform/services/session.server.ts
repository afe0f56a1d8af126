import { loginUrl } from "~/platform/lib/login-url";
import { redirect } from "@remix-run/node";
import type { User } from "~/platform/models/user.server";
import { env } from "~/platform/env.server";
import {
  SESSION_LIFETIMES,
  SESSION_TTL_MS,
  createSession,
  deleteSession,
  getSessionByToken,
  getUserBySessionToken,
  type SessionOptions,
} from "~/platform/models/session.server";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import { loginMarkerCookie } from "~/platform/lib/login-marker";
import { apiError } from "~/platform/services/api.server";
import { isOwnOrigin } from "~/platform/services/request-path.server";
import { appCookie } from "~/platform/services/secret.server";
import { withFlash } from "~/platform/services/flash.server";
import { CLEAR_SITE_COPY, CLEAR_SITE_STORAGE } from "~/platform/lib/clear-site-data";

/**
 * Over https the session cookie carries the `__Host-` prefix: browsers take it only from our own
 * host, Secure, with Path=/ and no Domain, so a sibling subdomain, another port or plain http
 * cannot plant one (or shadow it with a narrower path) in a member's browser.
 */
export const sessionCookieName = () => (env().secureCookies ? "__Host-sgw_session" : "sgw_session");
const sessionCookie = () => appCookie(sessionCookieName(), SESSION_TTL_MS / 1000);
/** Who last logged in on this browser; outlives the logout, so a form kept after it finds its owner. */
const memberCookie = () => appCookie("sgw_member", SESSION_LIFETIMES.long / 1000);

async function readCookieToken(request: Request): Promise<string | undefined> {
  const header = request.headers.get("Cookie");
  // No cookie at all: no reason to look up the signing secret (anonymous page views stay DB-free).
  if (!header?.includes(`${sessionCookieName()}=`)) return undefined;
  const value = await (await sessionCookie()).parse(header);
  return typeof value === "string" && value ? value : undefined;
}

function readBearerToken(request: Request): string | undefined {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin a request says it came from (Origin, else Referer when `referer`), if readable. */
function sourceOrigin(request: Request, referer: boolean) {
  const source = request.headers.get("Origin") ?? (referer ? request.headers.get("Referer") : null);
  try {
    return source && source !== "null" ? new URL(source).origin : undefined;
  } catch {
    return undefined;
  }
}

function isOwn(request: Request, origin: string | undefined) {
  if (!origin) return false;
  const config = env();
  const guard = {
    appUrl: new URL(config.appUrl),
    appUrlConfigured: config.appUrlConfigured,
    scheme: new URL(request.url).protocol.replace(":", ""),
  };
  return isOwnOrigin(origin, request.headers.get("Host")?.toLowerCase() ?? undefined, guard);
}

/**
 * CSRF defence on top of SameSite=Lax: a state-changing request that rides on the session cookie
 * must come from our own origin (APP_URL's, or without APP_URL the Host the browser addressed).
 */
export function assertSameOrigin(request: Request) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  if (!isOwn(request, sourceOrigin(request, true))) {
    throw new Response("Cross-origin request refused", { status: 403 });
  }
}

/** A post whose Origin header names our own origin (a missing Origin does not count). */
export function isSameOriginPost(request: Request) {
  return isOwn(request, sourceOrigin(request, false));
}

/** The member last logged in on this browser (signed `sgw_member`), if any. */
export async function lastMemberOf(request: Request): Promise<number | undefined> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("sgw_member=")) return undefined;
  const value: unknown = await (await memberCookie()).parse(header);
  return typeof value === "number" && Number.isInteger(value) ? value : undefined;
}

// The root loader and the page's own loader both ask for the member of the same request.
const usersByRequest = new WeakMap<Request, Promise<User | undefined>>();

/** The member behind the request's bearer token or session cookie, if any (one look-up per request). */
export function getUser(request: Request): Promise<User | undefined> {
  let user = usersByRequest.get(request);
  if (!user) {
    user = lookUpUser(request);
    usersByRequest.set(request, user);
  }
  return user;
}

async function lookUpUser(request: Request): Promise<User | undefined> {
  const bearer = readBearerToken(request);
  if (bearer) return getUserBySessionToken(bearer);
  const token = await readCookieToken(request);
  if (!token) return undefined;
  assertSameOrigin(request);
  return getUserBySessionToken(token);
}

function currentPath(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** For pages: the member, or a redirect to the login screen that comes back here afterwards. */
export async function requireUser(request: Request): Promise<User> {
  const user = await getUser(request);
  if (user) return user;
  throw redirect(loginUrl(currentPath(request)));
}

/** A member's page: the member (or the login screen), then what `load` gives them, with the flash. */
export async function requireMemberPage<T extends object>(
  request: Request,
  load: (user: User) => Promise<T>,
) {
  const user = await requireUser(request);
  return withFlash(request, load(user));
}

/** For /api routes: the member, or a 401 JSON error. */
export async function requireApiUser(request: Request): Promise<User> {
  const hasCredentials = Boolean(readBearerToken(request)) || Boolean(await readCookieToken(request));
  const user = await getUser(request);
  if (user) return user;
  throw apiError(401, hasCredentials ? "Invalid or expired token" : "Authentication required", {
    headers: { "WWW-Authenticate": "Bearer" },
  });
}

/** The cookie session behind this request (its id marks "this one" on /account), if live. */
export async function getCookieSession(request: Request) {
  const token = await readCookieToken(request);
  return token ? getSessionByToken(token) : undefined;
}

/**
 * A login form's session, described by the browser's User-Agent for /account. The forms send
 * `keep=off` and, when "Keep me signed in" is ticked, `keep=on` too (an unticked box sends
 * nothing); a post without either (an older page, a script) keeps the standard session.
 */
export const sessionOptionsFrom = (request: Request, keep: readonly string[]): SessionOptions => {
  const lifetime = keep.includes("on") ? "long" : keep.length > 0 ? "browser" : "standard";
  return { lifetime, userAgent: request.headers.get("User-Agent") ?? "" };
};

/**
 * Logs the member in: starts a server-side session and sets its cookie on the redirect. A
 * "browser" session's cookie has no Max-Age, so the browser drops it when it closes.
 */
export async function createUserSession(
  userId: number,
  redirectTo: string,
  otherCookies: string[] = [],
  options: SessionOptions = {},
) {
  const { token } = await createSession(userId, options);
  const lifetime =
    options.lifetime === "browser"
      ? { maxAge: undefined }
      : { maxAge: SESSION_LIFETIMES[options.lifetime ?? "standard"] / 1000 };
  const headers = new Headers({
    "Set-Cookie": await (await sessionCookie()).serialize(token, lifetime),
    // Whatever an earlier member kept in this browser (a trip sheet's copy) goes (issue 56).
    "Clear-Site-Data": CLEAR_SITE_STORAGE,
  });
  headers.append("Set-Cookie", await (await memberCookie()).serialize(userId));
  headers.append("Set-Cookie", loginMarkerCookie(env().secureCookies));
  for (const cookie of otherCookies) headers.append("Set-Cookie", cookie);
  return redirect(safeRedirect(redirectTo), { headers });
}

/**
 * On plain http another port or a sibling host may plant a session cookie with a narrower path
 * (`Path=/organiser`), which the browser then sends before ours. Expiring the session cookie on
 * every path above this request's (but `/`) keeps such a cookie from shadowing a fresh session here.
 */
export async function expireShadowingSessionCookies(request: Request): Promise<string[]> {
  // A `__Host-` cookie can only have Path=/: nothing can shadow it.
  if (env().secureCookies) return [];
  const segments = new URL(request.url).pathname.split("/").filter(Boolean);
  const paths = segments.map((_, index) => `/${segments.slice(0, index + 1).join("/")}`);
  const cookie = await sessionCookie();
  return Promise.all(paths.map((path) => cookie.serialize("", { maxAge: 0, path })));
}

/** Ends the cookie session server-side and clears the cookie, and what the browser kept (issue 56). */
export async function logout(request: Request, redirectTo = "/auth") {
  const token = await readCookieToken(request);
  if (token) {
    assertSameOrigin(request);
    await deleteSession(token);
  }
  return redirect(redirectTo, {
    headers: {
      "Set-Cookie": await (await sessionCookie()).serialize("", { maxAge: 0 }),
      "Clear-Site-Data": CLEAR_SITE_COPY,
    },
  });
}

/** Ends the session behind the /api logout's credentials: its bearer token, or its session cookie. */
export async function revokeApiSession(request: Request) {
  const token = readBearerToken(request) ?? (await readCookieToken(request));
  if (token) await deleteSession(token);
}

export { readBearerToken };
