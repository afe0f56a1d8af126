import { z } from "zod";
import { newPassword } from "~/features/accounts/lib/auth-forms";
import { PASSWORDS_DIFFER } from "~/features/accounts/lib/auth-limits";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, tooLong } from "~/platform/lib/limits";

const text = (message: string) => z.string({ required_error: message, invalid_type_error: message });

export const nameSchema = z.object({
  name: text("Name is required").trim().min(1, "Name is required").max(NAME_MAX, tooLong("Name", NAME_MAX)),
});

export const emailChangeSchema = z.object({
  email: text("Email is required")
    .trim()
    .min(1, "Email is required")
    .max(EMAIL_MAX, "Please enter a valid email address")
    .pipe(z.string().email("Please enter a valid email address")),
});

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX).optional().default(""),
    code: z
      .string()
      .optional()
      .transform((code) => code?.replace(/\s+/g, "") ?? ""),
    newPassword,
    confirmPassword: text("Please confirm the new password"),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });
