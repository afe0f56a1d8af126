import type { ReactNode } from "react";

/** What a control says of its field's error: that it is invalid, and where the message is. */
type FieldAria = { "aria-invalid"?: true; "aria-describedby"?: string };

/** A field of an organiser form: its label, the control `children` draws, and its error under it. */
export function OrganiserField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  return (
    <p className="event-field">
      <label htmlFor={id}>{label}</label>
      {children(error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {})}
      {error ? (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </p>
  );
}
