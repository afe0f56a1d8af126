import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import type { Cookie } from "@remix-run/node";
import { env } from "~/platform/env.server";
import { setSettingOnce } from "~/platform/models/settings.server";
import { keepsState } from "~/platform/lib/module-state";

let secret: Promise<string> | undefined;

/**
 * The key that signs the app's cookies. SESSION_SECRET wins; without it one is generated once and
 * kept in the database, so a restart keeps everyone logged in and instances on one database agree
 * (the first instance to store it wins).
 */
export function cookieSecret(): Promise<string> {
  const configured = env().sessionSecret;
  if (configured) return Promise.resolve(configured);
  secret ??= setSettingOnce("session_secret", randomBytes(32).toString("hex")).catch((error) => {
    secret = undefined;
    throw error;
  });
  return secret;
}

const cookies = new Map<string, Promise<Cookie>>();

keepsState(() => {
  secret = undefined;
  cookies.clear();
});

/**
 * One of the app's cookies: HttpOnly, SameSite=Lax, Secure when the app is served over https, and
 * signed with `cookieSecret()`. Made once per name; a failure (the database away when the secret
 * is first read) is not kept, so the next request tries again.
 */
export function appCookie(name: string, maxAgeSeconds: number): Promise<Cookie> {
  let cookie = cookies.get(name);
  if (!cookie) {
    const secure = env().secureCookies;
    cookie = cookieSecret().then((secret) =>
      createCookie(name, {
        httpOnly: true,
        sameSite: "lax",
        secure,
        path: "/",
        maxAge: maxAgeSeconds,
        secrets: [secret],
      }),
    );
    cookie.catch(() => cookies.delete(name));
    cookies.set(name, cookie);
  }
  return cookie;
}
