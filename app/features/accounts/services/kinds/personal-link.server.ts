import { env } from "~/platform/env.server";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import { hashToken, newToken } from "~/platform/models/session.server";
import { rememberLogin } from "~/platform/models/trusted-login.server";
import { getUserById, type User } from "~/platform/models/user.server";
import { LIMITS, countAttempt } from "~/platform/services/rate-limit.server";
import { CODE_INVALID } from "~/features/accounts/lib/auth-limits";
import { ONE_TIME_TTL_MS } from "~/features/accounts/lib/one-time";
import { findByLink, issueSecret } from "~/features/accounts/models/one-time.server";
import { AuthFailure } from "~/features/accounts/services/auth.server";
import { requestSignInCode } from "~/features/accounts/services/kinds/sign-in.server";

/** Where the link lands is its payload's `to`; the link is kept under the member's id. */
async function findPersonalLink(token: string) {
  const link = await findByLink("personal-link", hashToken(token));
  const to = link?.payload?.to;
  const user = link?.userId ? await getUserById(link.userId) : undefined;
  return link && user && typeof to === "string" ? { target: to, expiresAt: link.expiresAt, user } : undefined;
}

/** When a link made now ends: in 14 days, or at the survey deadline when that is sooner and ahead. */
export function personalLinkExpiry(now: Date, deadline?: Date | null): Date {
  const twoWeeks = new Date(now.getTime() + ONE_TIME_TTL_MS["personal-link"]);
  return deadline && deadline > now && deadline < twoWeeks ? deadline : twoWeeks;
}

/**
 * A link for a mail to one member that signs them in and lands on `target` (a path of this app).
 * It opens a page with one "Continue as …" button, so a mail scanner's visit signs nobody in; it
 * works more than once until it expires, a password reset or "Log out everywhere else".
 */
export async function personalLinkFor(
  member: { id: number },
  target: string,
  { deadline, now = new Date() }: { deadline?: Date | null; now?: Date } = {},
): Promise<string> {
  const token = newToken();
  await issueSecret("personal-link", String(member.id), {
    userId: member.id,
    linkHash: hashToken(token),
    payload: { to: safeRedirect(target) },
    expiresAt: personalLinkExpiry(now, deadline),
  });
  return `${env().appUrl.replace(/\/+$/, "")}/continue/${token}`;
}

export type PersonalLinkState =
  | { state: "live"; name: string; target: string }
  | { state: "expired"; target: string }
  | { state: "unknown" };

/** What the link's page shows; nothing is changed by looking. */
export async function personalLinkState(token: string, now = new Date()): Promise<PersonalLinkState> {
  const link = token ? await findPersonalLink(token) : undefined;
  if (!link) return { state: "unknown" };
  if (link.expiresAt <= now) return { state: "expired", target: link.target };
  return { state: "live", name: link.user.name || link.user.email, target: link.target };
}

async function countTry(ip: string) {
  const attempt = await countAttempt(LIMITS.codeTryIp, ip);
  if (attempt.retryAfter)
    throw new AuthFailure("Too many attempts, try again later", 429, attempt.retryAfter);
}

/** The Continue press: the member and where the link lands, or a refusal (expired, revoked, unknown). */
export async function signInWithPersonalLink(
  token: string,
  ip: string,
): Promise<{ user: User; target: string }> {
  await countTry(ip);
  const link = token ? await findPersonalLink(token) : undefined;
  if (!link || link.expiresAt <= new Date()) throw new AuthFailure(CODE_INVALID, 400);
  await rememberLogin(link.user.id, ip);
  return { user: link.user, target: link.target };
}

/** An expired link's one press: a sign-in code to its member's address, landing where the link did. */
export async function codeForExpiredLink(
  token: string,
  ip: string,
): Promise<{ email: string; target: string }> {
  const link = token ? await findPersonalLink(token) : undefined;
  if (!link) throw new AuthFailure(CODE_INVALID, 400);
  const email = await requestSignInCode({ email: link.user.email }, ip, link.target);
  return { email, target: link.target };
}
