import { confirmOrganiserSchema, firstError } from "~/features/accounts/lib/auth-forms";
import { CONFIRM_LINK_INVALID } from "~/features/accounts/lib/auth-limits";
import {
  confirmationAskedAt,
  confirmEmailWithToken,
} from "~/features/accounts/services/kinds/confirm-address.server";
import type { FormRefusal } from "~/features/accounts/services/auth.server";
import { hashPassword } from "~/platform/models/password.server";
import { normaliseEmail, type User } from "~/platform/models/user.server";
import { setFlash } from "~/platform/services/flash.server";
import { LIMITS, forgetAttempts } from "~/platform/services/rate-limit.server";
import { createUserSession, expireShadowingSessionCookies } from "~/platform/services/session.server";

export const CONFIRMED = "Your address is confirmed: you are an organiser.";

/**
 * The Confirm button of /organiser/confirm. The session on this browser proves nothing: someone who
 * registered the address first can plant their session cookie here (docs/decisions/013). So the
 * mailed token must be the account's, the form sets a new password for it, every other session of
 * the account ends, and this browser is signed in afresh. The token is checked before the password
 * is hashed, so bogus posts cost no hashing.
 */
export async function confirmOrganiser(
  request: Request,
  user: User,
  form: Record<string, string>,
): Promise<Response | FormRefusal> {
  const parsed = confirmOrganiserSchema.safeParse(form);
  if (!parsed.success) return { error: firstError(parsed.error), status: 400 };
  const { token, newPassword } = parsed.data;
  if (!(await confirmationAskedAt(token, user.id))) return { error: CONFIRM_LINK_INVALID, status: 400 };
  const passwordHash = await hashPassword(newPassword);
  if (!(await confirmEmailWithToken(token, user.id, new Date(), passwordHash))) {
    return { error: CONFIRM_LINK_INVALID, status: 400 };
  }
  // As after a reset: the member proved they read the mailbox.
  await forgetAttempts(LIMITS.loginEmail, normaliseEmail(user.email));
  const cookies = [await setFlash({ message: CONFIRMED }), ...(await expireShadowingSessionCookies(request))];
  return createUserSession(user.id, "/organiser", cookies);
}
