import { Form } from "@remix-run/react";
import { AnswersAt } from "~/platform/components/form-answer";
import type { ReactNode } from "react";

/** A labelled input or select with its message; the value typed comes back after a refusal. */
export function Field({
  id,
  label,
  error,
  children,
  note,
}: {
  id: string;
  label: string;
  error?: string;
  note?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const describedBy = [error ? `${id}-error` : "", note ? `${id}-note` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {note ? (
        <p id={`${id}-note`} className="field-note">
          {note}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A one-button form posting an intent (and an id), e.g. "Claim"; `answersAt`: the place its answers
 * are shown when that is not its intent (a cut network is said there too).
 */
export function IntentButton({
  intent,
  label,
  fields = {},
  secondary,
  accessibleName,
  answersAt,
}: {
  intent: string;
  label: string;
  fields?: Record<string, string | number>;
  secondary?: boolean;
  accessibleName?: string;
  answersAt?: string;
}) {
  return (
    <Form method="post" className="inline-form">
      {answersAt ? <AnswersAt form={answersAt} /> : null}
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        name="intent"
        value={intent}
        className={secondary ? "button button-secondary" : "button"}
        aria-label={accessibleName}
      >
        {label}
      </button>
    </Form>
  );
}
