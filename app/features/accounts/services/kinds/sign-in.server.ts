import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { env } from "~/platform/env.server";
import { oneTimeSecrets, users } from "~/platform/db/schema";
import { escapeHtml } from "~/platform/lib/mail-text";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import { hashToken, newToken } from "~/platform/models/session.server";
import { isTrustedLogin, rememberLogin } from "~/platform/models/trusted-login.server";
import { getUserByEmail, getUserById, normaliseEmail, type User } from "~/platform/models/user.server";
import { sendMail } from "~/platform/services/mail.server";
import { LIMITS, type Limit } from "~/platform/services/rate-limit.server";
import { afterResponse } from "~/platform/services/request-path.server";
import { currentEditionName } from "~/features/season/index.server";
import { forgotPasswordSchema } from "~/features/accounts/lib/auth-forms";
import { CODE_INVALID } from "~/features/accounts/lib/auth-limits";
import { CODE_MAX_TRIES, ONE_TIME_TTL_MS } from "~/features/accounts/lib/one-time";
import {
  findLive,
  issueSecret,
  spendSecret,
  type OneTimeSecret,
} from "~/features/accounts/models/one-time.server";
import { AuthFailure } from "~/features/accounts/services/auth.server";
import {
  codeField,
  countOrRefuse,
  newSealedCode,
  openSeal,
  verifyCodeForm,
  type CodeKind,
} from "~/features/accounts/services/one-time.server";

/*
 * The sign-in code: a 6-digit code mailed to a member with a link in the same mail, kept under the
 * member's id. The code is sealed so asking again within its 15 minutes re-sends the same one.
 */

const codeSchema = z.object({ email: forgotPasswordSchema.shape.email, code: codeField });

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

async function makeSecrets(userId: number) {
  const link = newToken();
  return {
    userId,
    ...(await newSealedCode(String(userId), (code) => JSON.stringify({ code, link }))),
    linkHash: hashToken(link),
    expiresAt: new Date(Date.now() + ONE_TIME_TTL_MS["sign-in"]),
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
    // The member's row is locked meanwhile, so two requests make one code.
    const issued = await issueSecret("sign-in", String(user.id), await makeSecrets(user.id), {
      guard: async (tx) => {
        await tx.execute(sql`select id from ${users} where id = ${user.id} for update`);
        return true;
      },
      resend: { maxTries: CODE_MAX_TRIES },
    });
    if (!issued) return;
    const { secret: code, resent } = issued;
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

async function openSecrets(code: OneTimeSecret) {
  const opened = await openSeal(code);
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

const signInKind: CodeKind = {
  kind: "sign-in",
  limitPrefix: "",
  // By address, through the member: an unknown address runs the same query as a known one.
  match: (email) =>
    inArray(
      oneTimeSecrets.userId,
      sql`(select ${users.id} from ${users} where lower(${users.email}) = ${email.trim().toLowerCase()})`,
    ),
  salt: (_email, code) => String(code?.userId ?? 0),
  spend: async (code) =>
    (await spendSecret("sign-in", eq(oneTimeSecrets.id, code.id))) && code.userId !== null
      ? await getUserById(code.userId)
      : undefined,
};

/** Signs in with a typed code (the shared check: the try counted before the compare). */
export async function signInWithCode(input: unknown, ip: string): Promise<User> {
  return verifyCodeForm(codeSchema, input, ip, () => signInKind);
}

const byLink = (token: string) => eq(oneTimeSecrets.linkHash, hashToken(token));

/** The member a code's link would sign in, for its "Continue as …" page; nothing is spent. */
export async function memberOfCodeLink(token: string): Promise<User | undefined> {
  const code = await findLive("sign-in", byLink(token), { maxTries: CODE_MAX_TRIES });
  return code?.userId ? await getUserById(code.userId) : undefined;
}

/** The Continue button's post: spends the code behind the link (code and link go together). */
export async function signInWithCodeLink(token: string, ip: string): Promise<User> {
  await countOrRefuse([[LIMITS.codeTryIp, ip]]);
  const spent = await spendSecret("sign-in", byLink(token), { maxTries: CODE_MAX_TRIES });
  const user = spent?.userId ? await getUserById(spent.userId) : undefined;
  if (!user) throw new AuthFailure(CODE_INVALID, 400);
  await rememberLogin(user.id, ip);
  return user;
}
