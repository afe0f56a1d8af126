import { Form, Link } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { INVALID_RESET_TOKEN, PASSWORDS_DIFFER } from "~/features/accounts/lib/auth-limits";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/platform/lib/limits";
import { Banner } from "~/platform/components/banner";
import { LabelledInput } from "~/platform/components/labelled-input";

/**
 * New password + confirm, shared by /auth's reset mode and /reset-password. With JavaScript a
 * mismatch is caught here without calling the server; without it the action says the same.
 */
export function ResetPasswordForm({
  token,
  error,
  source,
}: {
  token: string;
  error: string | undefined;
  source: unknown;
}) {
  // When the last mismatch was caught; a new time restarts the banner's 5-second timer.
  const [mismatchAt, setMismatchAt] = useState<number | null>(null);
  function checkMatch(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const differ = form.get("newPassword") !== form.get("confirmPassword");
    setMismatchAt(differ ? Date.now() : null);
    if (differ) event.preventDefault();
  }
  return (
    <>
      {mismatchAt !== null ? (
        <Banner kind="error" message={PASSWORDS_DIFFER} source={mismatchAt} />
      ) : (
        <Banner kind="error" message={error} source={source} />
      )}
      {/* Stays after the banner fades: a used or expired link can only be replaced by a new one. */}
      {error?.endsWith(INVALID_RESET_TOKEN) ? (
        <p>
          This link has been used or has expired. <Link to="/auth?mode=forgot">Request a new link</Link>
        </p>
      ) : null}
      <Form method="post" onSubmit={checkMatch}>
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="token" value={token} />
        <PasswordField id="new-password" name="newPassword" label="New Password" hint />
        <PasswordField id="confirm-password" name="confirmPassword" label="Confirm Password" />
        <button type="submit" className="button">
          Reset Password
        </button>
      </Form>
    </>
  );
}

/** A new password's field; `hint`: says the shortest length allowed, as the register form does. */
export function PasswordField({
  id,
  name,
  label,
  hint = false,
}: {
  id: string;
  name: string;
  label: string;
  hint?: boolean;
}) {
  return (
    <LabelledInput
      label={label}
      id={id}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN}
      maxLength={PASSWORD_MAX}
      aria-describedby={hint ? `${id}-hint` : undefined}
    >
      {hint ? (
        <span id={`${id}-hint`} className="muted">
          At least {PASSWORD_MIN} characters.
        </span>
      ) : null}
    </LabelledInput>
  );
}
