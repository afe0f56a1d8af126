import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { OneTimeKind } from "~/platform/db/schema";
import { derivedKey, sealWith, unsealWith } from "~/platform/services/secret.server";
import { LIMITS, countAttempt, type Limit } from "~/platform/services/rate-limit.server";
import type { User } from "~/platform/models/user.server";
import { rememberLogin } from "~/platform/models/trusted-login.server";
import { CODE_INVALID } from "~/features/accounts/lib/auth-limits";
import { CODE_MAX_TRIES } from "~/features/accounts/lib/one-time";
import { takeTry, type OneTimeSecret } from "~/features/accounts/models/one-time.server";
import { AuthFailure, invalidInput } from "~/features/accounts/services/auth.server";

/*
 * What every one-time secret shares (docs/decisions/022-one-time-secrets.md): keyed hashes and seals
 * under the app's secret, the limits, and the typed code's check. A kind's own rules are in kinds/.
 */

/**
 * A keyed hash of a short code: a plain SHA-256 of six digits is undone by trying all million, so
 * the hash needs the app's secret as well as the database to be reversed.
 */
async function hashCode(code: string, salt: string) {
  return createHmac("sha256", await derivedKey("code-hash"))
    .update(`${salt}:${code}`)
    .digest("hex");
}

/** Compares two hex digests in constant time. */
function sameDigest(a: string, b: string) {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A new 6-digit code, as mailed. */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/**
 * A new code with its keyed hash (under `salt`) and its seal, which holds what `sealed` makes of it
 * (the code alone by default), so asking again can re-send the same one.
 */
export async function newSealedCode(salt: string, sealed: (code: string) => string = (code) => code) {
  const code = newCode();
  return { codeHash: await hashCode(code, salt), sealed: await sealWith("code-seal", sealed(code)) };
}

/** What a stored secret's seal holds; undefined when it has none or it was sealed under another secret. */
export async function openSeal(secret: { sealed: string | null }): Promise<string | undefined> {
  return secret.sealed ? await unsealWith("code-seal", secret.sealed) : undefined;
}

/** A mailed 6-digit code as typed (spaces dropped): the sign-in and registration codes alike. */
export const codeField = z
  .string({ required_error: "Enter the 6-digit code" })
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from the mail"));

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

/** What a typed-code kind tells the shared check: whose code, its salt, and what spending it does. */
export type CodeKind = {
  kind: Extract<OneTimeKind, "sign-in" | "register">;
  /** The rate-limit subjects' prefix, so each kind counts on its own. */
  limitPrefix: string;
  /** Picks the address's codes; an unknown address must run the same query as a known one. */
  match: (email: string) => SQL;
  /** The HMAC's salt; computed for an unknown address too, so the answer takes the same time. */
  salt: (email: string, code: OneTimeSecret | undefined) => string;
  /** Spends the matched code and answers its member; undefined when it was spent first. */
  spend: (code: OneTimeSecret) => Promise<User | undefined>;
};

/**
 * A typed code. The try is counted (per client address, and against the code's own five) before
 * the code is compared; an unknown address costs the same HMAC and gets the same answer.
 */
async function verifyCode(handler: CodeKind, email: string, typed: string, ip: string): Promise<User> {
  await countOrRefuse([[LIMITS.codeTryIp, ip]], handler.limitPrefix);
  const code = await takeTry(handler.kind, handler.match(email), CODE_MAX_TRIES);
  const digest = await hashCode(typed, handler.salt(email, code));
  const matched = code?.codeHash ? sameDigest(digest, code.codeHash) : false;
  const user = code && matched ? await handler.spend(code) : undefined;
  if (!user) throw new AuthFailure(CODE_INVALID, 400, undefined, { code: CODE_INVALID });
  await rememberLogin(user.id, ip);
  return user;
}

/**
 * A typed-code form: its fields checked (the one failure shape the code pages show), then the code
 * checked against the kind the fields make.
 */
export async function verifyCodeForm<T extends { email: string; code: string }>(
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  input: unknown,
  ip: string,
  kindOf: (fields: T) => CodeKind,
): Promise<User> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  return verifyCode(kindOf(parsed.data), parsed.data.email, parsed.data.code, ip);
}
