import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { LabelledInput } from "~/platform/components/labelled-input";
import type { FormFailure } from "~/platform/lib/form-failure";
import { EMAIL_MAX } from "~/platform/lib/limits";

/** The address field of the code pages (signing in, registering from an invitation). */
export function EmailField({ id, defaultValue }: { id: string; defaultValue: string }) {
  return (
    <LabelledInput
      label="Email"
      id={id}
      name="email"
      type="email"
      autoComplete="email"
      required
      maxLength={EMAIL_MAX}
      defaultValue={defaultValue}
    />
  );
}

/** The 6-digit code as typed from the mail (spaces allowed), kept when the page refused it. */
export function CodeField({ failure }: { failure?: FormFailure }) {
  return (
    <LabelledInput
      label="Code from the mail"
      id="code"
      name="code"
      type="text"
      className="code-input"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      required
      maxLength={12}
      defaultValue={failure?.values?.code}
      aria-invalid={failure?.fieldErrors?.code ? true : undefined}
    />
  );
}

/**
 * The form that asks for a code: the address to type before one was sent, a hidden copy of it
 * after ("Send the code again"). `hidden` carries the page's own values along; `children` adds fields.
 */
export function CodeRequestForm({
  sent,
  email,
  hidden,
  firstLabel,
  children,
}: {
  sent: boolean;
  email: string;
  hidden: Record<string, string>;
  firstLabel: string;
  children?: ReactNode;
}) {
  return (
    <Form method="post" className="code-request">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="intent" value="request" />
      {sent ? (
        <input type="hidden" name="email" value={email} />
      ) : (
        <EmailField id="request-email" defaultValue={email} />
      )}
      {children}
      <button type="submit" className={sent ? "button button-secondary" : "button"}>
        {sent ? "Send the code again" : firstLabel}
      </button>
    </Form>
  );
}
