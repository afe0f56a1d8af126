import type { ChangeEvent, ReactNode } from "react";
import type { FieldErrors } from "~/features/survey/lib/survey-schema";

/** The message for a field or any part of it ("availability" also finds "availability.<label>"). */
export function errorFor(errors: FieldErrors | undefined, field: string) {
  if (!errors) return undefined;
  const key = Object.keys(errors).find((name) => name === field || name.startsWith(`${field}.`));
  return key ? errors[key] : undefined;
}

function Group({
  name,
  legend,
  error,
  children,
}: {
  name: string;
  legend: string;
  error?: string;
  children: ReactNode;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {children}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

type ChoiceProps = {
  name: string;
  legend: string;
  options: Record<string, string>;
  value: string;
  required?: boolean;
  error?: string;
};

/** A radio group; `required` marks the spec's required questions (the form itself never blocks Next). */
export function Choice({ name, legend, options, value, required, error }: ChoiceProps) {
  return (
    <Group name={name} legend={legend} error={error}>
      <div className="choices">
        {Object.entries(options).map(([option, label]) => (
          <label key={option}>
            <input
              type="radio"
              name={name}
              value={option}
              defaultChecked={value === option}
              required={required}
            />
            {label}
          </label>
        ))}
      </div>
    </Group>
  );
}

type TicksProps = {
  name: string;
  legend: string;
  options: Record<string, string>;
  value: Record<string, boolean>;
  error?: string;
  className?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** A checkbox group posting one `name=<key>` per ticked box. */
export function Ticks({ name, legend, options, value, error, className = "choices", onChange }: TicksProps) {
  return (
    <Group name={name} legend={legend} error={error}>
      <div className={className}>
        {Object.entries(options).map(([option, label]) => (
          <label key={option}>
            <input
              type="checkbox"
              name={name}
              value={option}
              defaultChecked={value[option] === true}
              onChange={onChange}
            />
            {label}
          </label>
        ))}
      </div>
    </Group>
  );
}

/** The month a window starts in ("Apr" of "Apr 30 - May 4"): the weekends are grouped by it. */
const monthOf = (label: string) => label.split(" ")[0];

/**
 * The weekends as one checkbox group (posting `availability=<label>` per tick), in rows by the month
 * they start in; each row, not just its box, is the tap target (survey.css).
 */
export function Weekends({
  name,
  legend,
  value,
  error,
}: {
  name: string;
  legend: string;
  value: Record<string, boolean>;
  error?: string;
}) {
  // The answers carry every window of the edition, in order (survey-fields' emptySurvey).
  const months = new Map<string, string[]>();
  for (const label of Object.keys(value))
    months.set(monthOf(label), [...(months.get(monthOf(label)) ?? []), label]);
  return (
    <Group name={name} legend={legend} error={error}>
      {[...months].map(([month, labels]) => (
        <div key={month} role="group" aria-labelledby={`weekends-${month}`} className="weekend-month">
          <p id={`weekends-${month}`} className="weekend-month-name">
            {month}
          </p>
          <div className="weekends">
            {labels.map((label) => (
              <label key={label}>
                <input type="checkbox" name={name} value={label} defaultChecked={value[label] === true} />
                {label}
              </label>
            ))}
          </div>
        </div>
      ))}
    </Group>
  );
}

export function LongText({
  name,
  label,
  value,
  max,
  error,
  note,
}: {
  name: string;
  label: string;
  value: string;
  max: number;
  error?: string;
  /** A line under the label, read with the field (who sees the answer). */
  note?: string;
}) {
  const describedBy = [note ? `${name}-note` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      {note ? (
        <p className="muted field-note" id={`${name}-note`}>
          {note}
        </p>
      ) : null}
      <textarea
        id={name}
        name={name}
        rows={4}
        maxLength={max}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type SizeProps = {
  /** The question's key: the select posts `<name>.<holder>`. */
  name: string;
  holder: string;
  label: string;
  sizes: readonly string[];
  value: string;
  /** A guest's size, shown only while that guest is ticked. */
  guest: boolean;
  required?: boolean;
  note?: string;
  error?: string;
};

export function ShirtSize({ name, holder, label, sizes, value, guest, required, note, error }: SizeProps) {
  const id = `${name}-${holder}`;
  // A guest's size is shown only while that guest is ticked: by React, or by CSS (survey.css) without it.
  return (
    <div className={guest ? `field guest-size guest-size-${holder}` : "field"}>
      <label htmlFor={id}>
        {label}
        {note ? <span className="muted when-no-has"> ({note})</span> : null}
      </label>
      <select
        id={id}
        name={`${name}.${holder}`}
        defaultValue={value}
        required={required}
        aria-invalid={error ? true : undefined}
      >
        <option value="">Choose a size</option>
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size.toUpperCase()}
          </option>
        ))}
      </select>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}
