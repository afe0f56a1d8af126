import { describe, expect, it } from "vitest";
import { passwordChangeSchema } from "~/features/accounts/lib/account-forms";
import { DEMO_PASSWORD, DEMO_PASSWORD_REFUSED } from "~/features/accounts/lib/auth-limits";
import {
  confirmOrganiserSchema,
  firstError,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  setupSchema,
  tooManyAttempts,
} from "~/features/accounts/lib/auth-forms";

function messageOf(result: { success: boolean; error?: import("zod").ZodError }) {
  return result.success ? undefined : firstError(result.error!);
}

describe("loginSchema", () => {
  it("requires both fields and trims the e-mail only", () => {
    expect(loginSchema.parse({ email: " A@Example.com ", password: " pw " })).toEqual({
      email: "A@Example.com",
      password: " pw ",
    });
    expect(messageOf(loginSchema.safeParse({ password: "x" }))).toBe("Email is required");
    expect(messageOf(loginSchema.safeParse({ email: "a@example.com", password: "" }))).toBe(
      "Password is required",
    );
  });
});

describe("registerSchema", () => {
  it("accepts exactly 6 to 128 characters, with no other rule", () => {
    expect(registerSchema.safeParse({ email: "a@example.com", password: "aaaaaa" }).success).toBe(true);
    expect(registerSchema.safeParse({ email: "a@example.com", password: "x".repeat(128) }).success).toBe(
      true,
    );
    expect(messageOf(registerSchema.safeParse({ email: "a@example.com", password: "12345" }))).toBe(
      "Password must be at least 6 characters",
    );
    expect(messageOf(registerSchema.safeParse({ email: "a@example.com", password: "x".repeat(129) }))).toBe(
      "Password must be at most 128 characters",
    );
  });

  it("checks the e-mail and makes the name optional", () => {
    expect(messageOf(registerSchema.safeParse({ email: "nope", password: "secret1" }))).toBe(
      "Please enter a valid email address",
    );
    expect(
      registerSchema.parse({ email: "a@example.com", password: "secret1", name: "  " }).name,
    ).toBeUndefined();
    expect(registerSchema.parse({ email: "a@example.com", password: "secret1", name: " Ana " }).name).toBe(
      "Ana",
    );
  });

  it("refuses a non-string value instead of crashing", () => {
    expect(messageOf(registerSchema.safeParse({ email: 42, password: ["x"] }))).toBe("Email is required");
  });
});

describe("password reset schemas", () => {
  it("need a token and a long enough password", () => {
    expect(messageOf(resetPasswordSchema.safeParse({ newPassword: "secret1" }))).toBe(
      "Invalid or expired token",
    );
    expect(messageOf(resetPasswordSchema.safeParse({ token: "t", newPassword: "short" }))).toBe(
      "Password must be at least 6 characters",
    );
  });

  it("the form variant refuses a mismatched confirmation", () => {
    const form = { token: "t", newPassword: "secret1", confirmPassword: "secret2" };
    expect(messageOf(resetPasswordFormSchema.safeParse(form))).toBe("Passwords do not match");
    expect(resetPasswordFormSchema.safeParse({ ...form, confirmPassword: "secret1" }).success).toBe(true);
  });

  it("forgot password only needs an e-mail", () => {
    expect(messageOf(forgotPasswordSchema.safeParse({ email: "  " }))).toBe("Email is required");
  });
});

describe("the demo's published password", () => {
  it("is refused wherever a person chooses a password, and still taken at login", () => {
    const password = DEMO_PASSWORD;
    const chosen = [
      registerSchema.safeParse({ email: "a@example.com", password }),
      setupSchema.safeParse({ email: "a@example.com", password, name: "First" }),
      resetPasswordSchema.safeParse({ token: "t", newPassword: password }),
      resetPasswordFormSchema.safeParse({ token: "t", newPassword: password, confirmPassword: password }),
      confirmOrganiserSchema.safeParse({ token: "t", newPassword: password, confirmPassword: password }),
      passwordChangeSchema.safeParse({
        currentPassword: "old-one",
        newPassword: password,
        confirmPassword: password,
      }),
    ];
    for (const result of chosen) expect(messageOf(result)).toBe(DEMO_PASSWORD_REFUSED);
    expect(loginSchema.safeParse({ email: "alex@example.com", password }).success).toBe(true);
    // Only that exact password: one that merely contains it is anyone's to choose.
    expect(registerSchema.safeParse({ email: "a@example.com", password: `${password}!` }).success).toBe(true);
  });
});

describe("tooManyAttempts", () => {
  it("rounds the wait up to whole minutes", () => {
    expect(tooManyAttempts(900)).toBe("Too many attempts, try again in 15 minutes");
    expect(tooManyAttempts(61)).toBe("Too many attempts, try again in 2 minutes");
    expect(tooManyAttempts(5)).toBe("Too many attempts, try again in 1 minute");
  });
});
