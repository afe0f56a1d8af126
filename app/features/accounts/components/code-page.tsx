import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { Banner } from "~/platform/components/banner";
import { failureFor, type FormFailure } from "~/platform/lib/form-failure";
import { CodeField, CodeRequestForm, EmailField } from "~/features/accounts/components/code-fields";
import { KeepSignedIn } from "~/features/accounts/components/keep-signed-in";

/**
 * The one "type the code" page (signing in, registering from an invitation): ask for a code, then
 * type it with the address; what differs per kind comes in as words, hidden values and fields.
 */
export function CodePage({
  title,
  intro,
  sentMessage,
  sent,
  email,
  result,
  hidden,
  fields,
  keep,
  submitLabel,
  requestLabel,
  requestHidden,
  requestFields,
  links,
}: {
  title: string;
  intro?: ReactNode;
  /** Says a code is on its way, the same words for any address. */
  sentMessage: string;
  sent: boolean;
  email: string;
  /** The action's answer, when the page was posted. */
  result: unknown;
  /** Values the typed-code form carries along. */
  hidden: Record<string, string>;
  /** The kind's own fields before the code, given the refused post's values. */
  fields?: (failure: FormFailure | undefined) => ReactNode;
  keep?: boolean;
  submitLabel: string;
  requestLabel: string;
  requestHidden: Record<string, string>;
  requestFields?: ReactNode;
  links: ReactNode;
}) {
  const source = result as FormFailure | object | undefined;
  const verifyFailure = failureFor<FormFailure>(source, "verify");
  const requestFailure = failureFor<FormFailure>(source, "request");
  const shownEmail = verifyFailure?.values?.email ?? requestFailure?.values?.email ?? email;
  return (
    <section className="card auth-card">
      <h1>{title}</h1>
      {intro}
      {sent && !result ? (
        <p role="status" className="alert alert-success">
          {sentMessage}
        </p>
      ) : null}
      <Banner kind="error" message={requestFailure?.error} source={result} />
      {sent ? (
        <>
          <Banner kind="error" message={verifyFailure?.error} source={result} />
          <Form method="post">
            {Object.entries(hidden).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <EmailField id="email" defaultValue={shownEmail} />
            {fields?.(verifyFailure)}
            <CodeField failure={verifyFailure} />
            <KeepSignedIn defaultChecked={keep} />
            <button type="submit" className="button">
              {submitLabel}
            </button>
          </Form>
        </>
      ) : null}
      <CodeRequestForm sent={sent} email={shownEmail} hidden={requestHidden} firstLabel={requestLabel}>
        {requestFields}
      </CodeRequestForm>
      <p className="auth-links">{links}</p>
    </section>
  );
}
