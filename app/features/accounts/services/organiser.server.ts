import { redirect } from "@remix-run/node";
import { env } from "~/platform/env.server";
import { ORGANISERS_ONLY } from "~/platform/lib/login-url";
import { requireUser } from "~/platform/services/session.server";

type Member = { email: string; emailConfirmedAt?: Date | null };

/** Listed in ADMIN_EMAILS (compared case-insensitively): organiser rights once the address is confirmed. */
export function isListedOrganiser(user: { email: string }) {
  return env().adminEmails.includes(user.email.trim().toLowerCase());
}

/**
 * Organisers are the members whose e-mail is listed in ADMIN_EMAILS *and* confirmed through a link
 * mailed to it: registration does not check addresses, so a listing alone proves nothing.
 */
export function isOrganiser(user: Member) {
  return isListedOrganiser(user) && Boolean(user.emailConfirmedAt);
}

/** Listed, but the address is not confirmed yet: the member is sent to confirm it. */
export function needsConfirmation(user: Member) {
  return isListedOrganiser(user) && !user.emailConfirmedAt;
}

export const CONFIRM_PATH = "/organiser/confirm";

/**
 * For organiser pages: anonymous visitors go to login, a listed member whose address is not
 * confirmed yet goes to confirm it, other members get a 403.
 */
export async function requireOrganiser(request: Request) {
  const user = await requireUser(request);
  if (isOrganiser(user)) return user;
  if (needsConfirmation(user) && request.method === "GET") throw redirect(CONFIRM_PATH);
  throw new Response(ORGANISERS_ONLY, { status: 403 });
}
