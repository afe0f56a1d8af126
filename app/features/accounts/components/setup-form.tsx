import { EMAIL_MAX, NAME_MAX } from "~/platform/lib/limits";
import type { FormFailure } from "~/platform/lib/form-failure";
import { AnswerForm } from "~/platform/components/form-answer";
import { LabelledInput } from "~/platform/components/labelled-input";
import { PasswordField } from "~/features/accounts/components/reset-password-form";

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
      <LabelledInput
        label="Name"
        id="setup-name"
        name="name"
        autoComplete="name"
        required
        maxLength={NAME_MAX}
        defaultValue={failure?.values?.name}
      >
        {fieldError("name")}
      </LabelledInput>
      <LabelledInput
        label="Email"
        id="setup-email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX}
        defaultValue={failure?.values?.email}
      >
        {fieldError("email")}
      </LabelledInput>
      <PasswordField id="setup-password" name="password" label="Password" />
      {fieldError("password")}
      <button type="submit" className="button">
        Become the first organiser
      </button>
    </AnswerForm>
  );
}
