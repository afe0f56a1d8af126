import { eq, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { z } from "zod";
import { env } from "~/platform/env.server";
import { invitations, oneTimeSecrets, users } from "~/platform/db/schema";
import { escapeHtml } from "~/platform/lib/mail-text";
import { getUserByEmail, normaliseEmail, userColumns, type User } from "~/platform/models/user.server";
import { sendMail } from "~/platform/services/mail.server";
import { LIMITS } from "~/platform/services/rate-limit.server";
import { afterResponse } from "~/platform/services/request-path.server";
import { currentEditionName } from "~/features/season/index.server";
import { forgotPasswordSchema, registerSchema } from "~/features/accounts/lib/auth-forms";
import { CODE_MAX_TRIES, ONE_TIME_TTL_MS } from "~/features/accounts/lib/one-time";
import { issueSecret, spendSecret, type Runner } from "~/features/accounts/models/one-time.server";
import { AuthFailure } from "~/features/accounts/services/auth.server";
import { mailSignInCode } from "~/features/accounts/services/kinds/sign-in.server";
import {
  codeField,
  countOrRefuse,
  newSealedCode,
  openSeal,
  verifyCodeForm,
} from "~/features/accounts/services/one-time.server";

/*
 * The registration code: a 6-digit code mailed to an invited address so its owner can register
 * without a password. Kept like a sign-in code, but under the address (lower case): there is no
 * member yet.
 */

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

const salt = (email: string) => `register:${email}`;

/**
 * Whether the address is invited and has no account; the invitation's row is locked meanwhile, so
 * two requests make one code.
 */
async function invitedWithoutAccount(tx: Runner, email: string) {
  const invited = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(sql`lower(${invitations.email}) = ${email}`)
    .for("update");
  if (invited.length === 0) return false;
  const [member] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return !member;
}

/**
 * An invited address gets its code (the live one again, if any); an address with an account gets
 * a sign-in code instead; any other address a mail that it was not invited.
 */
export async function mailRegisterCode(address: string) {
  const email = normaliseEmail(address);
  try {
    if (await getUserByEmail(email)) return void (await mailSignInCode(email, REGISTERED_LANDING));
    const { shortName } = await currentEditionName();
    const fresh = {
      ...(await newSealedCode(salt(email))),
      expiresAt: new Date(Date.now() + ONE_TIME_TTL_MS.register),
    };
    const issued = await issueSecret("register", email, fresh, {
      guard: (tx) => invitedWithoutAccount(tx, email),
      resend: { maxTries: CODE_MAX_TRIES },
    });
    if (!issued) return void (await sendMail(notInvitedMail(email, shortName)));
    const opened = await openSeal(issued.secret);
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
 * Spends a code that matched and creates the account without a password (an empty hash, which no
 * password matches), in one transaction; undefined when the code was spent first or the address
 * has an account by now.
 */
async function spendRegisterCode(id: number, name: string | undefined): Promise<User | undefined> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const spent = await spendSecret("register", eq(oneTimeSecrets.id, id), { runner: tx });
    if (!spent) return undefined;
    const [user] = await tx
      .insert(users)
      .values({ email: spent.target, passwordHash: "", name: name?.trim() || null })
      .onConflictDoNothing()
      .returning(userColumns);
    return user;
  });
}

/** Creates the invited address's account from its code, without a password (the shared check). */
export async function registerWithCode(input: unknown, ip: string): Promise<User> {
  return verifyCodeForm(registerCodeSchema, input, ip, ({ name }) => ({
    kind: "register",
    limitPrefix: REGISTER,
    match: (email) => eq(oneTimeSecrets.target, normaliseEmail(email)),
    salt: (email) => salt(normaliseEmail(email)),
    spend: (code) => spendRegisterCode(code.id, name),
  }));
}
