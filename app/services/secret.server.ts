import { randomBytes } from "node:crypto";
import { env } from "~/env.server";
import { setSettingOnce } from "~/models/settings.server";

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
