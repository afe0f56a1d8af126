import { env } from "~/env.server";

/** Organisers are the members whose e-mail is listed in ADMIN_EMAILS (compared case-insensitively). */
export function isOrganiser(user: { email: string }) {
  return env().adminEmails.includes(user.email.trim().toLowerCase());
}
