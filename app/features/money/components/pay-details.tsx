import { LabelledInput } from "~/platform/components/labelled-input";
import {
  IBAN_HOLDER_MAX,
  PAY_NOTE_MAX,
  type PayDetails,
  type PayField,
} from "~/features/money/lib/pay-links";

const FIELDS: Array<{ field: Exclude<PayField, "note">; label: string; hint: string; max: number }> = [
  { field: "paypal", label: "PayPal.me name", hint: "As in paypal.me/YourName", max: 60 },
  { field: "venmo", label: "Venmo username", hint: "Without the @", max: 60 },
  { field: "revolut", label: "Revolut revtag", hint: "As in revolut.me/yourtag", max: 60 },
  {
    field: "wise",
    label: "Wise",
    hint: "Your Wise payment link (https://wise.com/pay/…) or the e-mail of your Wise account",
    max: 200,
  },
  { field: "iban", label: "IBAN", hint: "Spaces are fine", max: 50 },
  { field: "ibanHolder", label: "Account holder", hint: "The name the bank knows", max: IBAN_HOLDER_MAX },
];

/** /account's "How to pay me" fields: what was saved, or what was sent when it was refused. */
export function PayDetailsForm({
  saved,
  values,
  errors,
}: {
  saved: PayDetails;
  values?: Record<string, string>;
  errors?: Record<string, string>;
}) {
  const value = (field: PayField) => values?.[field] ?? saved[field];
  return (
    <>
      {FIELDS.map(({ field, label, hint, max }) => (
        <LabelledInput
          // A save that normalised the value ("paypal.me/Name" → "Name") shows it: a new key, a new input.
          key={`${field}:${saved[field]}`}
          label={label}
          id={`pay-${field}`}
          name={field}
          type="text"
          maxLength={max}
          autoComplete="off"
          autoCapitalize={field === "ibanHolder" ? "words" : "none"}
          spellCheck={false}
          defaultValue={value(field)}
          aria-invalid={errors?.[field] ? true : undefined}
          aria-describedby={`pay-${field}-hint`}
        >
          <span className="muted" id={`pay-${field}-hint`}>
            {hint}
          </span>
          {errors?.[field] ? <span className="field-error">{errors[field]}</span> : null}
        </LabelledInput>
      ))}
      <div className="field">
        <label htmlFor="pay-note">Anything else (how, when, cash…)</label>
        <textarea
          key={saved.note}
          id="pay-note"
          name="note"
          rows={3}
          maxLength={PAY_NOTE_MAX}
          defaultValue={value("note")}
          aria-invalid={errors?.note ? true : undefined}
        />
        <span className="muted">At most {PAY_NOTE_MAX} characters.</span>
        {errors?.note ? <span className="field-error">{errors.note}</span> : null}
      </div>
    </>
  );
}
