import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { expect } from "vitest";
import { createUser } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { createConfirmedOrganiser } from "./organiser";

export const ORIGIN = "http://localhost:3000";

type RequestOptions = {
  method?: string;
  /** A JSON body (object) or a form (URLSearchParams, or a record: a list is sent as repeated fields). */
  json?: unknown;
  form?: Record<string, string | readonly string[]> | URLSearchParams;
  bearer?: string;
  cookie?: string;
  origin?: string | null;
  headers?: Record<string, string>;
};

/** Builds a Request as a browser or API client would send it to the app. */
export function makeRequest(path: string, options: RequestOptions = {}) {
  const headers = new Headers(options.headers);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    const form = options.form;
    body = (
      form instanceof URLSearchParams
        ? form
        : new URLSearchParams(
            Object.entries(form).flatMap(([key, value]) => [value].flat().map((one) => [key, one])),
          )
    ).toString();
  }
  if (options.bearer) headers.set("Authorization", `Bearer ${options.bearer}`);
  if (options.cookie) headers.set("Cookie", options.cookie);
  const method = options.method ?? (body ? "POST" : "GET");
  if (options.origin !== null && method !== "GET") headers.set("Origin", options.origin ?? ORIGIN);
  headers.set("Host", new URL(ORIGIN).host);
  return new Request(new URL(path, ORIGIN), { method, headers, body });
}

type RouteFn = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown;

/**
 * Calls a route's loader or action the way Remix would and returns its Response, including a
 * thrown one (redirects, 4xx).
 */
export async function callRoute(
  fn: RouteFn | undefined,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  if (!fn) throw new Error("The route has no such handler");
  try {
    const result = await fn({ request, params, context: {} });
    if (result instanceof Response) return result;
    // data(value, init): the value as the body, with the init's status and headers.
    const withInit = result as { type?: unknown; data?: unknown; init?: ResponseInit | null } | null;
    if (withInit?.type === "DataWithResponseInit") {
      const headers = new Headers(withInit.init?.headers);
      headers.set("Content-Type", "application/json");
      return new Response(JSON.stringify(withInit.data), { status: withInit.init?.status, headers });
    }
    return new Response(JSON.stringify(result), { headers: { "Content-Type": "application/json" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The session cookie a login response set, ready to send back. */
export function cookieFrom(response: Response) {
  const header = response.headers.get("Set-Cookie");
  if (!header) throw new Error("The response set no cookie");
  return header.split(";")[0];
}

/** One named cookie a response set (e.g. `sgw_member` beside the session), ready to send back. */
export function cookieNamed(response: Response, name: string) {
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .find((pair) => pair.startsWith(`${name}=`));
  if (!cookie) throw new Error(`The response set no ${name} cookie`);
  return cookie;
}

/**
 * A new member with a session: its cookie, and the cookie that says they were the last one on the
 * browser. `organiser` makes the member a confirmed organiser (the address must be in ADMIN_EMAILS).
 */
export async function signedInMember(
  email: string,
  { name = null as string | null, organiser = false } = {},
) {
  const user = organiser
    ? await createConfirmedOrganiser({ email, name })
    : await createUser({ email, password: "secret1", name });
  if (!user) throw new Error(`${email} is registered already`);
  const session = await createUserSession(user.id, "/");
  return { id: user.id, cookie: cookieFrom(session), lastMember: cookieNamed(session, "sgw_member") };
}

/**
 * Logs in through the /auth page's action (passed in: support code imports no route) with the
 * cookies the browser holds, e.g. the token of a form kept while the session was gone.
 */
function logInThroughPage(
  authAction: RouteFn,
  {
    email,
    password = "secret1",
    redirect,
    cookie,
  }: { email: string; password?: string; redirect: string; cookie?: string },
) {
  return callRoute(
    authAction,
    makeRequest("/auth", { cookie, form: { intent: "login", email, password, redirect } }),
  );
}

/**
 * Logs in through /auth from the browser a form was kept in while the session was gone: with the
 * cookie the refused post set (the kept form's token) and the one naming the member last there.
 */
export function logInWithKeptForm(
  authAction: RouteFn,
  refused: Response,
  member: { lastMember: string },
  login: { email: string; redirect: string },
) {
  return logInThroughPage(authAction, { ...login, cookie: `${cookieFrom(refused)}; ${member.lastMember}` });
}

/** A refused registration: 400, naming the register form, why, and what was typed (never the password). */
export async function expectRefusedRegistration(
  response: Response,
  error: string,
  values: { email: string; name: string },
) {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ form: "register", error, values });
}

/** The answer is a redirect (302) to `location`. */
export function expectRedirect(response: Response, location: string) {
  expect({ status: response.status, location: response.headers.get("Location") }).toEqual({
    status: 302,
    location,
  });
}
