import { loginUrl } from "~/lib/login-url";
import { redirect } from "@remix-run/node";
import type { User } from "~/models/user.server";
import { env } from "~/env.server";
import { SESSION_TTL_MS, createSession, deleteSession, getUserBySessionToken } from "~/models/session.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { apiError } from "./api.server";
import { isOwnOrigin } from "./http-guard.server";
import { appCookie } from "./secret.server";

const sessionCookie = () => appCookie("sgw_session", SESSION_TTL_MS / 1000);

async function readCookieToken(request: Request): Promise<string | undefined> {
  const header = request.headers.get("Cookie");
  // No cookie at all: no reason to look up the signing secret (anonymous page views stay DB-free).
  if (!header?.includes("sgw_session=")) return undefined;
  const value = await (await sessionCookie()).parse(header);
  return typeof value === "string" && value ? value : undefined;
}

function readBearerToken(request: Request): string | undefined {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence on top of SameSite=Lax: a state-changing request that rides on the session cookie
 * must come from our own origin (APP_URL's, or without APP_URL the Host the browser addressed).
 */
export function assertSameOrigin(request: Request) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const source = request.headers.get("Origin") ?? request.headers.get("Referer");
  let origin: string | undefined;
  try {
    origin = source && source !== "null" ? new URL(source).origin : undefined;
  } catch {
    origin = undefined;
  }
  const config = env();
  const guard = {
    appUrl: new URL(config.appUrl),
    appUrlConfigured: config.appUrlConfigured,
    scheme: new URL(request.url).protocol.replace(":", ""),
  };
  if (!origin || !isOwnOrigin(origin, request.headers.get("Host")?.toLowerCase() ?? undefined, guard)) {
    throw new Response("Cross-origin request refused", { status: 403 });
  }
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

/** For /api routes: the member, or a 401 JSON error. */
export async function requireApiUser(request: Request): Promise<User> {
  const hasCredentials = Boolean(readBearerToken(request)) || Boolean(await readCookieToken(request));
  const user = await getUser(request);
  if (user) return user;
  throw apiError(401, hasCredentials ? "Invalid or expired token" : "Authentication required", {
    headers: { "WWW-Authenticate": "Bearer" },
  });
}

/** Logs the member in: starts a server-side session and sets its cookie on the redirect. */
export async function createUserSession(userId: number, redirectTo: string, otherCookies: string[] = []) {
  const { token } = await createSession(userId);
  const headers = new Headers({ "Set-Cookie": await (await sessionCookie()).serialize(token) });
  for (const cookie of otherCookies) headers.append("Set-Cookie", cookie);
  return redirect(safeRedirect(redirectTo), { headers });
}

/** Ends the cookie session server-side and clears the cookie. */
export async function logout(request: Request, redirectTo = "/auth") {
  const token = await readCookieToken(request);
  if (token) {
    assertSameOrigin(request);
    await deleteSession(token);
  }
  return redirect(redirectTo, {
    headers: { "Set-Cookie": await (await sessionCookie()).serialize("", { maxAge: 0 }) },
  });
}

/** Ends the session behind a bearer token (the /api logout). */
export async function revokeBearerToken(request: Request) {
  const token = readBearerToken(request);
  if (token) await deleteSession(token);
}

export { readBearerToken };
