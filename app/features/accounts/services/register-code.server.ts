import { randomInt } from "node:crypto";
import { z } from "zod";
import { env } from "~/platform/env.server";
import { escapeHtml } from "~/platform/lib/mail-text";
import { getUserByEmail, normaliseEmail, type User } from "~/platform/models/user.server";
import { rememberLogin } from "~/platform/models/trusted-login.server";
import { sendMail } from "~/platform/services/mail.server";
import { LIMITS } from "~/platform/services/rate-limit.server";
import { afterResponse } from "~/platform/services/request-path.server";
import { currentEditionName } from "~/features/season/index.server";
import { forgotPasswordSchema, registerSchema } from "~/features/accounts/lib/auth-forms";
import { CODE_INVALID } from "~/features/accounts/lib/auth-limits";
import {
  issueRegisterCode,
  spendRegisterCode,
  takeRegisterCodeTry,
} from "~/features/accounts/models/register-code.server";
import { AuthFailure } from "~/features/accounts/services/auth.server";
import { codeField, countOrRefuse, mailSignInCode } from "~/features/accounts/services/sign-in-code.server";
import { hashCode, sameDigest, seal, unseal } from "~/features/accounts/services/token-seal.server";

/** Where an account made from an invitation lands first. */
export const REGISTERED_LANDING = "/survey";

const registerCodeSchema = z.object({
  email: registerSchema.shape.email,
  name: registerSchema.shape.name,
  code: codeField,
});

// The counters are the sign-in codes' limits under subjects of their own.
const REGISTER = "register ";

/**
 * Asks for a registration code. The answer is the same for any address (the limits count first);
 * what the address is (invited, a member already, neither) is found out once the answer has gone.
 */
export async function requestRegisterCode(input: unknown, ip: string): Promise<string> {
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) {
    throw new AuthFailure(parsed.error.issues[0]?.message ?? "Email is required", 400, undefined, {
      email: parsed.error.issues[0]?.message ?? "Email is required",
    });
  }
  const email = normaliseEmail(parsed.data.email);
  await countOrRefuse(
    [
      [LIMITS.codeIp, ip],
      [LIMITS.codeEmailIp, `${email} ${ip}`],
      [LIMITS.codeEmail, email],
    ],
    REGISTER,
  );
  afterResponse(() => void mailRegisterCode(email));
  return email;
}

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");
const salt = (email: string) => `register:${email}`;

/**
 * An invited address gets its code (the live one again, if any); an address with an account gets
 * a sign-in code instead; any other address a mail that it was not invited.
 */
export async function mailRegisterCode(address: string) {
  const email = normaliseEmail(address);
  try {
    if (await getUserByEmail(email)) return void (await mailSignInCode(email, REGISTERED_LANDING));
    const { shortName } = await currentEditionName();
    const code = newCode();
    const issued = await issueRegisterCode(email, {
      codeHash: await hashCode(code, salt(email)),
      sealed: await seal(code),
    });
    if (!issued) return void (await sendMail(notInvitedMail(email, shortName)));
    const opened = await unseal(issued.code.sealed);
    if (!opened) return;
    await sendMail(registerCodeMail(email, opened, { resent: issued.resent, shortName }));
  } catch (error) {
    // Never the code: only what went wrong.
    console.error("Sending a registration code failed:", error instanceof Error ? error.message : error);
  }
}

export function registerCodeMail(
  to: string,
  code: string,
  { resent, shortName }: { resent: boolean; shortName: string },
) {
  const again = resent
    ? "You asked again, so this is the same code as in our last mail; it works until 15 minutes after the first."
    : "It works once, for 15 minutes.";
  return {
    to,
    subject: `Your ${shortName} registration code`,
    text: [
      `Your code to register for the ${shortName} planner is ${code}`,
      "",
      `Type it on the page that asked for it: your account is made without a password. ${again}`,
      "You can sign in later with a code like this one, or set a password on your account page.",
      "",
      "If you did not ask for it, ignore this mail.",
    ].join("\n"),
    html: `<p>Your code to register for the ${escapeHtml(shortName)} planner is <strong style="font-size:1.4em;letter-spacing:0.1em">${code}</strong></p>
<p>Type it on the page that asked for it: your account is made without a password. ${escapeHtml(again)}</p>
<p>You can sign in later with a code like this one, or set a password on your account page.</p>
<p>If you did not ask for it, ignore this mail.</p>`,
  };
}

export function notInvitedMail(to: string, shortName: string) {
  const link = `${env().appUrl}/auth?${new URLSearchParams({ mode: "register", email: to })}`;
  return {
    to,
    subject: `No ${shortName} invitation for this address`,
    text: [
      `Someone (hopefully you) asked for a code to register for the ${shortName} planner with this address, but it has no invitation.`,
      "",
      `You can register with a password here: ${link}`,
    ].join("\n"),
    html: `<p>Someone (hopefully you) asked for a code to register for the ${escapeHtml(shortName)} planner with this address, but it has no invitation.</p>
<p><a href="${escapeHtml(link)}">Register with a password</a></p>`,
  };
}

/**
 * Creates the invited address's account from its code, without a password. The try counts (per
 * client address, and against the code's own five) before the code is compared.
 */
export async function registerWithCode(input: unknown, ip: string): Promise<User> {
  const parsed = registerCodeSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AuthFailure(issue?.message ?? CODE_INVALID, 400, undefined, {
      [String(issue?.path[0] ?? "code")]: issue?.message ?? CODE_INVALID,
    });
  }
  await countOrRefuse([[LIMITS.codeTryIp, ip]], REGISTER);
  const email = normaliseEmail(parsed.data.email);
  const code = await takeRegisterCodeTry(email);
  const typed = await hashCode(parsed.data.code, salt(email));
  const matched = code ? sameDigest(typed, code.codeHash) : false;
  const user = code && matched ? await spendRegisterCode(code.id, parsed.data.name) : undefined;
  if (!user) throw new AuthFailure(CODE_INVALID, 400, undefined, { code: CODE_INVALID });
  await rememberLogin(user.id, ip);
  return user;
}
