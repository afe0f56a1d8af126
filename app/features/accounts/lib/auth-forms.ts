import { z } from "zod";
import {
  CONFIRM_LINK_INVALID,
  DEMO_PASSWORD,
  DEMO_PASSWORD_REFUSED,
  INVALID_RESET_TOKEN,
  PASSWORDS_DIFFER,
} from "~/features/accounts/lib/auth-limits";
export { NO_TOKEN } from "~/features/accounts/lib/auth-limits";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, tooLong } from "~/platform/lib/limits";

const requiredString = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message });

const email = requiredString("Email is required")
  .trim()
  .min(1, "Email is required")
  .max(EMAIL_MAX, "Please enter a valid email address");

/**
 * Every password a person chooses (registration, /setup, reset, change, the organiser's confirm).
 * Taken exactly as typed (no trimming): a space is a character like any other.
 */
export const newPassword = requiredString("Password is required")
  .min(1, "Password is required")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, tooLong("Password", PASSWORD_MAX))
  .refine((password) => password !== DEMO_PASSWORD, DEMO_PASSWORD_REFUSED);

/** Login: both fields required; whether they match is the server's business, not the schema's. */
export const loginSchema = z.object({
  email,
  password: requiredString("Password is required")
    .min(1, "Password is required")
    .max(PASSWORD_MAX, "Invalid email or password"),
});

export const registerSchema = z.object({
  email: email.pipe(z.string().email("Please enter a valid email address")),
  password: newPassword,
  name: z
    .string()
    .trim()
    .max(NAME_MAX, tooLong("Name", NAME_MAX))
    .optional()
    .transform((name) => name || undefined),
});

/** The first organiser, made through the first start's set-up link: a name is required here. */
export const setupSchema = registerSchema.extend({
  name: z.string().trim().min(1, "Name is required").max(NAME_MAX, tooLong("Name", NAME_MAX)),
});

export const forgotPasswordSchema = z.object({ email });

/** The API's reset payload (the spec's "Password reset payload": token, newPassword). */
export const resetPasswordSchema = z.object({
  token: requiredString(INVALID_RESET_TOKEN).trim().min(1, INVALID_RESET_TOKEN),
  newPassword,
});

/** The form's variant adds the confirmation the spec asks for. */
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: requiredString("Please confirm the new password") })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });

/**
 * The organiser's Confirm form: the mailed link's token and a new password for the account, checked
 * as the reset form checks it (the account may have been registered by someone else).
 */
export const confirmOrganiserSchema = z
  .object({
    token: requiredString(CONFIRM_LINK_INVALID).trim().min(1, CONFIRM_LINK_INVALID),
    newPassword,
    confirmPassword: requiredString("Please confirm the new password"),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });

/**
 * What the sign-in pages post: each field one string, but `keep` ("Keep me signed in"), whose hidden
 * `off` and ticked `on` both come (session.server's sessionOptionsFrom).
 */
export const signInForm = z.object({ keep: z.array(z.string()) }).catchall(z.string());
export type SignInFields = z.output<typeof signInForm>;

/** The first message of a failed parse, for one-line banners. */
export function firstError(error: z.ZodError) {
  return error.issues[0]?.message ?? "Invalid input";
}

/** The text shown when a rate limit is hit; the wait is rounded up to whole minutes. */
export function tooManyAttempts(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}
