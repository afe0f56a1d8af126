import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import type { Cookie } from "@remix-run/node";
import { env } from "~/platform/env.server";
import { SESSION_SECRET_SETTING, setSettingOnce } from "~/platform/models/settings.server";
import { keepsState } from "~/platform/lib/module-state";

let secret: Promise<string> | undefined;

/**
 * The key that signs the app's cookies. SESSION_SECRET wins; without it one is generated once and
 * kept in the database, so a restart keeps everyone logged in and instances on one database agree
 * (the first instance to store it wins). A backup never holds it (decision 028): a restored
 * planner makes a new one, and everyone signs in again.
 */
export function cookieSecret(): Promise<string> {
  const configured = env().sessionSecret;
  if (configured) return Promise.resolve(configured);
  secret ??= setSettingOnce(SESSION_SECRET_SETTING, randomBytes(32).toString("hex")).catch((error) => {
    secret = undefined;
    throw error;
  });
  return secret;
}

/** What a key derived from the app's secret is for: each use has a key of its own. */
type KeyUse = "code-hash" | Sealed;
/** What is sealed: a code (and its link) to mail again, a calendar token to show again. */
type Sealed = "code-seal" | "feed-seal";

/** A key of its own per use, derived from the app's secret, so a code's HMAC is no cookie signature. */
export async function derivedKey(use: KeyUse) {
  return Buffer.from(hkdfSync("sha256", await cookieSecret(), "sgw-sign-in", use, 32));
}

/** Seals `plain` with AES-256-GCM under the key for `use` (iv.tag.ciphertext, base64url). */
export async function sealWith(use: Sealed, plain: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await derivedKey(use), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** Opens what `sealWith(use, …)` made; undefined when it was sealed under another secret (a restore). */
export async function unsealWith(use: Sealed, sealed: string): Promise<string | undefined> {
  try {
    const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
    const decipher = createDecipheriv("aes-256-gcm", await derivedKey(use), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
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
