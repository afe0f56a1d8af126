import { env } from "~/env.server";
import { ORGANISERS_ONLY } from "~/lib/login-url";
import { requireUser } from "~/services/session.server";

/** Organisers are the members whose e-mail is listed in ADMIN_EMAILS (compared case-insensitively). */
export function isOrganiser(user: { email: string }) {
  return env().adminEmails.includes(user.email.trim().toLowerCase());
}

/** For organiser pages: anonymous visitors go to login, members who are not organisers get a 403. */
export async function requireOrganiser(request: Request) {
  const user = await requireUser(request);
  if (!isOrganiser(user)) throw new Response(ORGANISERS_ONLY, { status: 403 });
  return user;
}
