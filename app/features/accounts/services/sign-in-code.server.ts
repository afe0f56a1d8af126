import { randomInt } from "node:crypto";
import { z } from "zod";
import { env } from "~/platform/env.server";
import { escapeHtml } from "~/platform/lib/mail-text";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import { hashToken, newToken } from "~/platform/models/session.server";
import { isTrustedLogin, rememberLogin } from "~/platform/models/trusted-login.server";
import { getUserByEmail, getUserById, normaliseEmail, type User } from "~/platform/models/user.server";
import { sendMail } from "~/platform/services/mail.server";
import { LIMITS, countAttempt, type Limit } from "~/platform/services/rate-limit.server";
import { afterResponse } from "~/platform/services/request-path.server";
import { currentEditionName } from "~/features/season/index.server";
import { forgotPasswordSchema } from "~/features/accounts/lib/auth-forms";
import { CODE_INVALID } from "~/features/accounts/lib/auth-limits";
import {
  findCodeLink,
  issueSignInCode,
  spendCodeLink,
  spendSignInCode,
  takeCodeTry,
  type SignInCode,
} from "~/features/accounts/models/sign-in-code.server";
import { AuthFailure } from "~/features/accounts/services/auth.server";
import { hashCode, sameDigest, seal, unseal } from "~/features/accounts/services/token-seal.server";

/** A mailed 6-digit code as typed (spaces dropped): the sign-in and registration codes alike. */
export const codeField = z
  .string({ required_error: "Enter the 6-digit code" })
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from the mail"));

const codeSchema = z.object({ email: forgotPasswordSchema.shape.email, code: codeField });

/** Counts each attempt against its limit (subjects under `prefix`), refusing with the wait in minutes. */
export async function countOrRefuse(limits: [Limit, string][], prefix = "") {
  for (const [limit, subject] of limits) {
    const attempt = await countAttempt(limit, `${prefix}${subject}`);
    if (attempt.retryAfter) {
      const minutes = Math.max(1, Math.ceil(attempt.retryAfter / 60));
      const words = `Too many attempts, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
      throw new AuthFailure(words, 429, attempt.retryAfter);
    }
  }
}

/**
 * Asks for a sign-in code. Like a reset link: every request does the same work before it is
 * answered (the limit counts); whether the address has an account is found out once the answer
 * has gone, so neither the answer nor its timing tells. The per-e-mail ceiling skips an address
 * the member signed in from before, so asking from elsewhere cannot lock them out (decision 011).
 */
export async function requestSignInCode(input: unknown, ip: string, redirectTo = "/"): Promise<string> {
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) {
    throw new AuthFailure(parsed.error.issues[0]?.message ?? "Email is required", 400);
  }
  const email = normaliseEmail(parsed.data.email);
  const limits: [Limit, string][] = [
    [LIMITS.codeIp, ip],
    [LIMITS.codeEmailIp, `${email} ${ip}`],
  ];
  if (!(await isTrustedLogin(email, ip))) limits.push([LIMITS.codeEmail, email]);
  await countOrRefuse(limits);
  const target = safeRedirect(redirectTo);
  afterResponse(() => void mailSignInCode(email, target));
  return email;
}

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

async function makeSecrets(userId: number) {
  const code = newCode();
  const link = newToken();
  return {
    codeHash: await hashCode(code, String(userId)),
    linkHash: hashToken(link),
    sealed: await seal(JSON.stringify({ code, link })),
  };
}

/** Mails the member's code (the live one again, if any), or tells a stranger there is no account. */
export async function mailSignInCode(email: string, redirectTo = "/") {
  try {
    const { shortName } = await currentEditionName();
    const user = await getUserByEmail(email);
    if (!user) {
      await sendMail(noAccountMail(email, shortName));
      return;
    }
    const { code, resent } = await issueSignInCode(user.id, await makeSecrets(user.id));
    const secrets = await openSecrets(code);
    if (!secrets) return;
    const link = `${env().appUrl}/sign-in/link?${new URLSearchParams({ token: secrets.link, redirect: redirectTo })}`;
    await sendMail(
      codeMail(user.email, secrets.code, link, { resent, expiresAt: code.expiresAt, shortName }),
    );
  } catch (error) {
    // Never the code or the link: only what went wrong.
    console.error("Sending a sign-in code failed:", error instanceof Error ? error.message : error);
  }
}

async function openSecrets(code: SignInCode) {
  const opened = await unseal(code.sealed);
  return opened ? (JSON.parse(opened) as { code: string; link: string }) : undefined;
}

function utcTime(date: Date) {
  return `${date.toISOString().slice(11, 16)} UTC`;
}

export function codeMail(
  to: string,
  code: string,
  link: string,
  { resent, expiresAt, shortName }: { resent: boolean; expiresAt: Date; shortName: string },
) {
  const again = resent
    ? `You asked again, so this is the same code as in our last mail; it still works until ${utcTime(expiresAt)}.`
    : `It works once, until ${utcTime(expiresAt)} (15 minutes).`;
  return {
    to,
    subject: `Your ${shortName} sign-in code`,
    text: [
      `Your sign-in code is ${code}`,
      "",
      `Type it on the page that asked for it. ${again}`,
      "",
      `Or open this link and press Continue: ${link}`,
      "",
      "If you did not ask for it, ignore this mail: nobody can sign in without it.",
    ].join("\n"),
    html: `<p>Your sign-in code is <strong style="font-size:1.4em;letter-spacing:0.1em">${code}</strong></p>
<p>Type it on the page that asked for it. ${escapeHtml(again)}</p>
<p>Or <a href="${escapeHtml(link)}">open this link and press Continue</a>.</p>
<p>If you did not ask for it, ignore this mail: nobody can sign in without it.</p>`,
  };
}

export function noAccountMail(to: string, shortName: string) {
  const link = `${env().appUrl}/auth?${new URLSearchParams({ mode: "register", email: to })}`;
  return {
    to,
    subject: `No ${shortName} account for this address`,
    text: [
      `Someone (hopefully you) asked for a sign-in code for the ${shortName} planner, but this address has no account.`,
      "",
      `Register here: ${link}`,
      "",
      "If you have an account under another address, ask for the code with that one.",
    ].join("\n"),
    html: `<p>Someone (hopefully you) asked for a sign-in code for the ${escapeHtml(shortName)} planner, but this address has no account.</p>
<p><a href="${escapeHtml(link)}">Register here</a></p>
<p>If you have an account under another address, ask for the code with that one.</p>`,
  };
}

/**
 * Signs in with a typed code. The try is counted (per address, and against the code's own five)
 * before the code is compared; an unknown address costs the same HMAC and gets the same answer.
 */
export async function signInWithCode(input: unknown, ip: string): Promise<User> {
  const parsed = codeSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AuthFailure(issue?.message ?? CODE_INVALID, 400, undefined, {
      [String(issue?.path[0] ?? "code")]: issue?.message ?? CODE_INVALID,
    });
  }
  await countOrRefuse([[LIMITS.codeTryIp, ip]]);
  const code = await takeCodeTry(parsed.data.email);
  const typed = await hashCode(parsed.data.code, String(code?.userId ?? 0));
  const matched = code ? sameDigest(typed, code.codeHash) : false;
  const user =
    code && matched && (await spendSignInCode(code.id)) ? await getUserById(code.userId) : undefined;
  if (!user) throw new AuthFailure(CODE_INVALID, 400, undefined, { code: CODE_INVALID });
  await rememberLogin(user.id, ip);
  return user;
}

/** The member a code's link would sign in, for its "Continue as …" page; nothing is spent. */
export async function memberOfCodeLink(token: string): Promise<User | undefined> {
  return (await findCodeLink(hashToken(token)))?.user;
}

/** The Continue button's post: spends the code behind the link and returns its member. */
export async function signInWithCodeLink(token: string, ip: string): Promise<User> {
  await countOrRefuse([[LIMITS.codeTryIp, ip]]);
  const userId = await spendCodeLink(hashToken(token));
  const user = userId === undefined ? undefined : await getUserById(userId);
  if (!user) throw new AuthFailure(CODE_INVALID, 400);
  await rememberLogin(user.id, ip);
  return user;
}
