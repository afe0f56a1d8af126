import type { InputHTMLAttributes, ReactNode } from "react";

/** A labelled input with its error under it (read with it: aria-describedby). */
export function MoneyField({
  label,
  id,
  error,
  hint,
  ...input
}: { label: ReactNode; id: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field-note muted">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        type="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A form's fields by name, for MoneyField: each with its id (`idOf` the name), its name, the value
 * typed (or saved) and its error.
 */
export function fieldsOf<V extends object>(
  values: V,
  errors: Partial<Record<string, string>>,
  idOf: (name: string) => string = (name) => name,
) {
  return <K extends keyof V & string>(name: K) => ({
    id: idOf(name),
    name,
    defaultValue: values[name],
    error: errors[name],
  });
}

/** Payment instructions as text; only http(s) addresses are links. */
export function Instructions({ parts }: { parts: Array<{ text: string; href?: string }> }) {
  return (
    <p className="user-text money-instructions">
      {parts.map((part, index) =>
        part.href ? (
          <a key={index} href={part.href} rel="noopener noreferrer nofollow" target="_blank">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
