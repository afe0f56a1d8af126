import { env } from "~/platform/env.server";
import { formatDeadline } from "~/platform/lib/deadline";
import { failureOf } from "~/platform/lib/field-errors";
import { escapeHtml } from "~/platform/lib/mail-text";
import { hashPassword, verifyPassword } from "~/platform/models/password.server";
import { deleteOtherSessions, listSessions } from "~/platform/models/session.server";
import { normaliseEmail, passwordHashOf, setUserName, type User } from "~/platform/models/user.server";
import { sendMail } from "~/platform/services/mail.server";
import { LIMITS, countAttempt } from "~/platform/services/rate-limit.server";
import { describeUserAgent } from "~/features/accounts/lib/user-agent";
import { emailChangeSchema, nameSchema, passwordChangeSchema } from "~/features/accounts/lib/account-forms";
import { tooManyAttempts } from "~/features/accounts/lib/auth-forms";
import { CODE_INVALID } from "~/features/accounts/lib/auth-limits";
import { AuthFailure } from "~/features/accounts/services/auth.server";
import { requestSignInCode, signInWithCode } from "~/features/accounts/services/kinds/sign-in.server";
import { revokePersonalLinks, setPasswordHash } from "~/features/accounts/models/account.server";
import {
  applyEmailChange,
  createEmailChange,
} from "~/features/accounts/services/kinds/change-address.server";

/** An /account form's outcome: the message to show after the redirect, or what was wrong. */
export type AccountResult =
  | { ok: string }
  | { error: string; fieldErrors?: Record<string, string>; status?: number; retryAfter?: number };

/** What /account shows: the member's name, address, whether they have a password, their sessions. */
export async function accountOverview(user: User, currentSessionId: number | undefined) {
  const sessions = await listSessions(user.id);
  return {
    name: user.name ?? "",
    email: user.email,
    hasPassword: (await passwordHashOf(user.id)) !== "",
    sessions: sessions.map((session) => ({
      id: session.id,
      device: describeUserAgent(session.userAgent),
      lastUsed: formatDeadline(session.lastUsedAt, env().eventTimeZone),
      current: session.id === currentSessionId,
    })),
  };
}

export async function renameMember(user: User, input: unknown): Promise<AccountResult> {
  const parsed = nameSchema.safeParse(input);
  if (!parsed.success) return failureOf(parsed.error);
  await setUserName(user.id, parsed.data.name);
  return { ok: "Your name is saved." };
}

/**
 * A new password (or the first one): the current one, or a code just mailed, must be typed when
 * there is one, checked under a per-member limit. Every other session and every personal link ends.
 */
export async function changePassword(
  user: User,
  sessionId: number | undefined,
  input: unknown,
  ip: string,
): Promise<AccountResult> {
  const parsed = passwordChangeSchema.safeParse(input);
  if (!parsed.success) return failureOf(parsed.error);
  const passwordHash = await passwordHashOf(user.id);
  if (passwordHash !== "") {
    const attempt = await countAttempt(LIMITS.passwordChangeUser, String(user.id));
    if (attempt.retryAfter) {
      return { error: tooManyAttempts(attempt.retryAfter), status: 429, retryAfter: attempt.retryAfter };
    }
    const { code, currentPassword } = parsed.data;
    if (code) {
      // A fresh code from the mail stands in for a forgotten password (it proves the mailbox).
      const proved = await signInWithCode({ email: user.email, code }, ip).catch((error: unknown) => {
        if (error instanceof AuthFailure) return undefined;
        throw error;
      });
      if (proved?.id !== user.id) return { error: CODE_INVALID, fieldErrors: { code: CODE_INVALID } };
    } else if (!(await verifyPassword(passwordHash, currentPassword))) {
      const wrong = "The current password is not right";
      return { error: wrong, fieldErrors: { currentPassword: wrong } };
    }
  }
  await setPasswordHash(user.id, await hashPassword(parsed.data.newPassword), sessionId);
  return { ok: "Your password is changed. Every other session is logged out." };
}

/**
 * Mails a confirmation link to the new address. Whether that address has an account is not said
 * here (that would tell anyone signed in who else is a member); the confirmation step refuses it.
 */
export async function requestEmailChange(user: User, input: unknown): Promise<AccountResult> {
  const parsed = emailChangeSchema.safeParse(input);
  if (!parsed.success) return failureOf(parsed.error);
  const email = normaliseEmail(parsed.data.email);
  if (email === normaliseEmail(user.email)) {
    const same = "That is your address already";
    return { error: same, fieldErrors: { email: same } };
  }
  const attempt = await countAttempt(LIMITS.emailChangeUser, String(user.id));
  if (attempt.retryAfter) {
    return { error: tooManyAttempts(attempt.retryAfter), status: 429, retryAfter: attempt.retryAfter };
  }
  const token = await createEmailChange(user.id, email);
  const link = `${env().appUrl}/account/email?${new URLSearchParams({ token })}`;
  await sendMail({
    to: email,
    subject: "Confirm your new address for the planner",
    text: [
      `Someone signed in to the planner as ${user.email} asked to use this address instead.`,
      "",
      `If that was you, open this link (signed in as ${user.email}) and press Confirm: ${link}`,
      "",
      "The link works once, for 24 hours. If you did not ask for it, ignore this mail.",
    ].join("\n"),
    html: `<p>Someone signed in to the planner as ${escapeHtml(user.email)} asked to use this address instead.</p>
<p>If that was you, <a href="${escapeHtml(link)}">open this link</a> (signed in as ${escapeHtml(user.email)}) and press Confirm.</p>
<p>The link works once, for 24 hours. If you did not ask for it, ignore this mail.</p>`,
  });
  return { ok: `A confirmation link is on its way to ${email}. Your address changes once you open it.` };
}

export const EMAIL_CHANGE_INVALID =
  "This link is not valid, was used already or has expired. Ask for a new one on your account page.";
export const EMAIL_TAKEN = "That address already has an account, so your address stays as it was.";

/** The Confirm press of a change link: moves the account and tells the old address. */
export async function confirmEmailChange(
  user: User,
  token: string,
  sessionId: number | undefined,
): Promise<AccountResult> {
  const outcome = await applyEmailChange(token, user.id, sessionId).catch((error: { code?: string }) => {
    if (error?.code === "23505") return { refused: "taken" as const };
    throw error;
  });
  if ("refused" in outcome) {
    return { error: outcome.refused === "taken" ? EMAIL_TAKEN : EMAIL_CHANGE_INVALID };
  }
  const { from, to } = outcome.changed;
  await sendMail({
    to: from,
    subject: "Your planner address was changed",
    text: [
      `The planner account that used this address now uses ${to}.`,
      "",
      "If that was not you, reply to this mail or tell an organiser straight away.",
    ].join("\n"),
    html: `<p>The planner account that used this address now uses ${escapeHtml(to)}.</p>
<p>If that was not you, reply to this mail or tell an organiser straight away.</p>`,
  });
  return { ok: `Your address is now ${to}.` };
}

/** Ends every other session of the member, and every personal link mailed to them. */
export async function logOutEverywhereElse(
  user: User,
  sessionId: number | undefined,
): Promise<AccountResult> {
  if (sessionId === undefined) return { error: "Log in with this browser first" };
  await deleteOtherSessions(user.id, sessionId);
  await revokePersonalLinks(user.id);
  return { ok: "Every other session is logged out, and the links in earlier mails no longer sign you in." };
}

/** Mails a sign-in code to the member's own address, to type instead of a forgotten password. */
export async function mailPasswordCode(user: User, ip: string): Promise<AccountResult> {
  try {
    await requestSignInCode({ email: user.email }, ip, "/account");
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    return { error: error.message, status: error.status, retryAfter: error.retryAfter };
  }
  return { ok: `A code is on its way to ${user.email}: type it below instead of the current password.` };
}
