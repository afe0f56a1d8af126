import { EMAIL_MAX, NAME_MAX } from "~/platform/lib/limits";
import type { FormFailure } from "~/platform/lib/form-failure";
import { AnswerForm } from "~/platform/components/form-answer";
import { LabelledInput } from "~/platform/components/labelled-input";
import { PasswordField } from "~/features/accounts/components/reset-password-form";

const FIELDS = [
  { name: "name", label: "Name", autoComplete: "name", maxLength: NAME_MAX },
  { name: "email", label: "Email", type: "email", autoComplete: "email", maxLength: EMAIL_MAX },
] as const;

/** The first organiser's name, address and password; the link's token rides along hidden. */
export function SetupForm({
  token,
  failure,
}: {
  token: string;
  failure: FormFailure<{ name: string; email: string }> | undefined;
}) {
  const fieldError = (name: string) =>
    failure?.fieldErrors?.[name] ? (
      <p id={`${name}-error`} className="field-error">
        {failure.fieldErrors[name]}
      </p>
    ) : null;
  return (
    <AnswerForm id="setup-form" failure={failure}>
      <input type="hidden" name="token" value={token} />
      {FIELDS.map(({ name, ...field }) => (
        <LabelledInput
          key={name}
          id={`setup-${name}`}
          name={name}
          required
          defaultValue={failure?.values?.[name]}
          {...field}
        >
          {fieldError(name)}
        </LabelledInput>
      ))}
      <PasswordField id="setup-password" name="password" label="Password" hint />
      {fieldError("password")}
      <button type="submit" className="button">
        Become the first organiser
      </button>
    </AnswerForm>
  );
}
