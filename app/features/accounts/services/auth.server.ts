import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { ZodError } from "zod";
import type { User } from "~/platform/models/user.server";
import { failureOf } from "~/platform/lib/field-errors";
import { env } from "~/platform/env.server";
import {
  forgotPasswordSchema,
  loginSchema,
  NO_TOKEN,
  registerSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  tooManyAttempts,
} from "~/features/accounts/lib/auth-forms";
import { INVALID_RESET_TOKEN, PASSWORDS_DIFFER } from "~/features/accounts/lib/auth-limits";
import {
  createPasswordReset,
  isResetTokenLive,
  resetPasswordWithToken,
} from "~/features/accounts/services/kinds/reset-password.server";
import { hashToken } from "~/platform/models/session.server";
import {
  createUser,
  getUserByEmail,
  getUserById,
  normaliseEmail,
  verifyLogin,
} from "~/platform/models/user.server";
import { apiError } from "~/platform/services/api.server";
import { afterResponse, clientIp } from "~/platform/services/request-path.server";
import { setFlash } from "~/platform/services/flash.server";
import { sendMail } from "~/platform/services/mail.server";
import { escapeHtml } from "~/platform/lib/mail-text";
import { retryAfterHeaders } from "~/platform/lib/retry-after";
import { currentEditionName } from "~/features/season/index.server";
import { hashPassword } from "~/platform/models/password.server";
import {
  LIMITS,
  countAttempt,
  forgetAttempts,
  refundAttempt,
  type Limit,
} from "~/platform/services/rate-limit.server";
import { isTrustedLogin, rememberLogin } from "~/platform/models/trusted-login.server";
import { admitLoginAttempt } from "~/features/accounts/services/login-attempts.server";
import { logout } from "~/platform/services/session.server";

/**
 * Why an account action was refused, in words a member may see. Pages prefix the spec's banner
 * text; /api sends `error` with `status` (and Retry-After when rate limited).
 */
export class AuthFailure extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 409 | 429,
    readonly retryAfter?: number,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = "AuthFailure";
  }
}

/** A refused parse of an account form: its first message, and one per field. */
export function invalidInput(zodError: ZodError): AuthFailure {
  const { error, fieldErrors } = failureOf(zodError);
  return new AuthFailure(error, 400, undefined, fieldErrors);
}

/** How a page answers a refused account action: 429 with the wait, anything else 400 (a form to fix). */
export const pageRefusal = (failure: AuthFailure) => ({
  status: failure.status === 429 ? 429 : 400,
  retryAfter: failure.retryAfter,
});

function rateLimited(retryAfter: number) {
  return new AuthFailure(tooManyAttempts(retryAfter), 429, retryAfter);
}

/**
 * The one credential check, for the login form and /api/login alike. Attempts are counted before
 * the password is checked (so concurrent guesses cannot slip past the limit) and a correct login
 * takes its attempt back: what remains are failures. An address the member logged in from before
 * is trusted: the per-e-mail ceiling (guesses from everywhere together) neither counts nor refuses
 * it, so nobody elsewhere can lock the owner out (docs/decisions/011-login-limits.md). Attempts
 * that are over a limit only while others are still being checked wait for them (admitLoginAttempt).
 */
export async function verifyCredentials(input: unknown, ip: string): Promise<User> {
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const email = normaliseEmail(parsed.data.email);
  const emailFromIp = `${email} ${ip}`;
  const trusted = await isTrustedLogin(email, ip);
  // Checked narrowest first, so an address that is already refused adds nothing to the e-mail's count.
  const limits: [Limit, string][] = [
    [LIMITS.loginIp, ip],
    [LIMITS.loginEmailIp, emailFromIp],
  ];
  if (!trusted) limits.push([LIMITS.loginEmail, email]);
  const admission = await admitLoginAttempt(limits);
  if ("retryAfter" in admission) throw rateLimited(admission.retryAfter);
  try {
    const user = await verifyLogin(email, parsed.data.password);
    if (!user) throw new AuthFailure("Invalid email or password", 401);
    await forgetAttempts(LIMITS.loginEmailIp, emailFromIp);
    if (!trusted) await refundAttempt(LIMITS.loginEmail, email);
    await refundAttempt(LIMITS.loginIp, ip);
    await rememberLogin(user.id, ip);
    return user;
  } finally {
    admission.release();
  }
}

/** remix-auth 4 keeps no session: the strategy only answers "who is this?" and the route commits the session. */
export const authenticator = new Authenticator<User>().use(
  new FormStrategy(({ form, request }) => verifyCredentials(Object.fromEntries(form), clientIp(request))),
  "form",
);

export async function registerMember(input: unknown, ip: string): Promise<User> {
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const attempt = await countAttempt(LIMITS.registerIp, ip);
  if (attempt.retryAfter) throw rateLimited(attempt.retryAfter);
  const user = await createUser(parsed.data);
  if (!user) throw new AuthFailure("An account with that email already exists", 409);
  return user;
}

export function resetMail(to: string, link: string, shortName = "SGW25") {
  return {
    to,
    subject: `Reset your ${shortName} password`,
    text: [
      `Someone (hopefully you) asked to reset the password of your ${shortName} planner account.`,
      "",
      `Choose a new password here: ${link}`,
      "",
      "The link works once and expires in 30 minutes. If you did not ask for it, ignore this mail.",
    ].join("\n"),
    html: `<p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(shortName)} planner account.</p>
<p><a href="${link}">Choose a new password</a></p>
<p>The link works once and expires in 30 minutes. If you did not ask for it, ignore this mail.</p>`,
  };
}

/**
 * Asks for a reset link. Every request does the same work before it is answered (two rate-limit
 * counts); whether the e-mail belongs to a member is found out once the answer has been sent in
 * full, so neither the answer nor its timing tells. Limited per e-mail and per address.
 */
export async function requestPasswordReset(input: unknown, ip: string): Promise<void> {
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const email = normaliseEmail(parsed.data.email);
  for (const [limit, subject] of [
    [LIMITS.forgotIp, ip],
    [LIMITS.forgotEmail, email],
  ] as const) {
    const attempt = await countAttempt(limit, subject);
    if (attempt.retryAfter) throw rateLimited(attempt.retryAfter);
  }
  afterResponse(() => void mailResetLink(email));
}

async function mailResetLink(email: string) {
  try {
    const user = await getUserByEmail(email);
    if (!user) return;
    const { token } = await createPasswordReset(user.id);
    const link = `${env().appUrl}/reset-password?${new URLSearchParams({ token })}`;
    // sendMail never throws; a failure is logged there and stays invisible to the requester.
    await sendMail(resetMail(user.email, link, (await currentEditionName()).shortName));
  } catch (error) {
    console.error("Sending a reset link failed:", error instanceof Error ? error.message : error);
  }
}

/**
 * Sets a new password with a reset token; every session of that member ends. The limits and the
 * token are checked before the password is hashed, so bogus tokens cost no hashing at all.
 */
export async function resetPassword(input: unknown, ip: string): Promise<void> {
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { token, newPassword } = parsed.data;
  for (const [limit, subject] of [
    [LIMITS.resetIp, ip],
    [LIMITS.resetToken, hashToken(token)],
  ] as const) {
    const attempt = await countAttempt(limit, subject);
    if (attempt.retryAfter) throw rateLimited(attempt.retryAfter);
  }
  const expired = new AuthFailure(INVALID_RESET_TOKEN, 400);
  if (!(await isResetTokenLive(token))) throw expired;
  const userId = await resetPasswordWithToken(token, await hashPassword(newPassword));
  if (userId === undefined) throw expired;
  // The member proved they read the mailbox: guesses at their e-mail no longer count against them.
  const user = await getUserById(userId);
  if (user) await forgetAttempts(LIMITS.loginEmail, normaliseEmail(user.email));
}

export const RESET_DONE = "Password has been reset successfully! You can now log in.";

/**
 * After a reset from a page: every session of that member is already gone, so this browser's
 * cookie goes too, and the login screen greets them with the spec's success banner.
 */
export async function afterPasswordReset(request: Request): Promise<Response> {
  const response = await logout(request, "/auth");
  response.headers.append("Set-Cookie", await setFlash({ message: RESET_DONE }));
  return response;
}

/** Why a form was refused: the banner's words, the status, and when to try again (429). */
export type FormRefusal = { error: string; status: number; retryAfter?: number };

/**
 * The reset form's one action, behind /auth's reset mode and /reset-password alike: the refusal
 * (for the page's banner), or the way to the login screen once the password is changed.
 */
export async function resetPasswordFromForm(
  request: Request,
  form: Record<string, string>,
): Promise<Response | FormRefusal> {
  if (!form.token) return { error: NO_TOKEN, status: 400 };
  const parsed = resetPasswordFormSchema.safeParse(form);
  if (parsed.error?.issues.some((issue) => issue.path[0] === "confirmPassword")) {
    return { error: PASSWORDS_DIFFER, status: 400 };
  }
  try {
    await resetPassword(form, clientIp(request));
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    return { error: `Error resetting password: ${error.message}`, ...pageRefusal(error) };
  }
  return afterPasswordReset(request);
}

/** A member as the API shows it; the spec's display name falls back to "User". */
export function apiUser(user: User) {
  return { id: user.id, email: user.email, name: user.name || "User" };
}

/** Runs an /api handler body, turning a refused account action into the contract's JSON error. */
export async function answerAuthFailures(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    return apiError(error.status, error.message, {
      fieldErrors: error.fieldErrors,
      headers: retryAfterHeaders(error.retryAfter),
    });
  }
}
