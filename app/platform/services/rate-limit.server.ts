import { clearRateLimit, hitRateLimit, refundRateLimit } from "~/platform/models/rate-limit.server";

const MINUTE = 60 * 1000;

/**
 * Failed logins count per e-mail *and* address, so nobody can lock a friend out by typing wrong
 * passwords for them: the owner's own address keeps its own 5 tries. A slower, higher per-e-mail
 * ceiling still stops a guesser who spreads over many addresses, and each address has an overall
 * ceiling. Register is per address and generous: a whole friend group may share one connection.
 * Forgot-password is per e-mail and per address; a reset is per address and per token, counted
 * before the token is looked at or the new password hashed. House suggestions count per member and
 * per address, only those that get saved.
 */
export const LIMITS = {
  loginEmailIp: { prefix: "login:email-ip", max: 5, windowMs: 15 * MINUTE },
  loginEmail: { prefix: "login:email", max: 50, windowMs: 60 * MINUTE },
  loginIp: { prefix: "login:ip", max: 100, windowMs: 15 * MINUTE },
  forgotEmail: { prefix: "forgot:email", max: 3, windowMs: 60 * MINUTE },
  forgotIp: { prefix: "forgot:ip", max: 10, windowMs: 60 * MINUTE },
  resetIp: { prefix: "reset:ip", max: 20, windowMs: 15 * MINUTE },
  resetToken: { prefix: "reset:token", max: 5, windowMs: 15 * MINUTE },
  confirmUser: { prefix: "confirm:user", max: 3, windowMs: 60 * MINUTE },
  registerIp: { prefix: "register:ip", max: 100, windowMs: 60 * MINUTE },
  // Sign-in codes: mails asked for per e-mail and address, per e-mail (not counted from an address
  // the member signed in from before) and per address; codes and links tried per address.
  codeEmailIp: { prefix: "code:email-ip", max: 5, windowMs: 60 * MINUTE },
  codeEmail: { prefix: "code:email", max: 20, windowMs: 60 * MINUTE },
  codeIp: { prefix: "code:ip", max: 30, windowMs: 60 * MINUTE },
  codeTryIp: { prefix: "code:try-ip", max: 30, windowMs: 15 * MINUTE },
  // /account: address changes mailed per member; current-password checks per member.
  emailChangeUser: { prefix: "email-change:user", max: 3, windowMs: 60 * MINUTE },
  passwordChangeUser: { prefix: "password-change:user", max: 5, windowMs: 15 * MINUTE },
  // House suggestions (the houses feature's SUGGEST_LIMITS; its test checks they agree).
  suggestMember: { prefix: "suggest:member", max: 10, windowMs: 24 * 60 * MINUTE },
  suggestIp: { prefix: "suggest:ip", max: 30, windowMs: 60 * MINUTE },
} as const;

export type Limit = (typeof LIMITS)[keyof typeof LIMITS];

const keyOf = (limit: Limit, subject: string) => `${limit.prefix}:${subject.toLowerCase()}`;

/** Counts one attempt; `retryAfter` (seconds) is set when this attempt is over the limit. */
export async function countAttempt(limit: Limit, subject: string): Promise<{ retryAfter?: number }> {
  const now = new Date();
  const { count, resetAt } = await hitRateLimit(keyOf(limit, subject), limit.windowMs, now);
  if (count <= limit.max) return {};
  return { retryAfter: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)) };
}

export const forgetAttempts = (limit: Limit, subject: string) => clearRateLimit(keyOf(limit, subject));

export const refundAttempt = (limit: Limit, subject: string) => refundRateLimit(keyOf(limit, subject));
