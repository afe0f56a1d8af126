import { AnswerForm, AnswersAt } from "~/platform/components/form-answer";
import type { ExpenseFormValues } from "~/features/money/lib/expense-form";
import { MoneyField, fieldsOf } from "~/features/money/components/money-field";
import { ReceiptField } from "~/features/money/components/receipt-field";

type Person = { id: number; name: string };

/** The expense form (add and edit): what, amount, currency, who paid, who shares, how it splits. */
export function ExpenseForm({
  people,
  values,
  errors = {},
  error,
  hidden,
  submit,
  intent,
  idPrefix = "expense",
  receipt = null,
}: {
  people: Person[];
  values: ExpenseFormValues;
  errors?: Record<string, string>;
  error?: string;
  hidden: Record<string, string>;
  submit: string;
  intent: string;
  idPrefix?: string;
  /** The receipt kept with the expense being edited, if any. */
  receipt?: { id: number; pdf: boolean } | null;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const field = fieldsOf(values, errors, id);
  const shared = new Set(values.sharers);
  return (
    <AnswerForm
      id={`${idPrefix}-form`}
      failure={{ error, fieldErrors: errors }}
      className="money-form"
      encType="multipart/form-data"
    >
      <AnswersAt form="expense" />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <MoneyField label="What" {...field("description")} maxLength={250} required />
      <MoneyField
        label="Amount"
        {...field("amount")}
        inputMode="decimal"
        hint="Digits with at most 2 decimals, e.g. 1234.50"
        required
      />
      <MoneyField
        label="Currency (ISO 4217, e.g. USD, CAD, MXN)"
        {...field("currency")}
        maxLength={3}
        autoCapitalize="characters"
        required
      />
      <div className="field">
        <label htmlFor={id("paidBy")}>Who paid</label>
        <select
          id={id("paidBy")}
          name="paidBy"
          defaultValue={values.paidBy}
          aria-invalid={errors.paidBy ? true : undefined}
        >
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
        {errors.paidBy ? <p className="field-error">{errors.paidBy}</p> : null}
      </div>
      <fieldset>
        <legend>How to split it</legend>
        <div className="choices">
          {(
            [
              ["equal", "Equally"],
              ["weights", "By the payers' weights"],
              ["exact", "By exact amounts"],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <input type="radio" name="split" value={value} defaultChecked={values.split === value} />
              {label}
            </label>
          ))}
        </div>
        {errors.split ? (
          <p className="field-error" role="alert">
            {errors.split}
          </p>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>Who shares it (exact amounts only for “By exact amounts”)</legend>
        {errors.share ? (
          <p className="field-error" role="alert">
            {errors.share}
          </p>
        ) : null}
        <ul className="money-sharers">
          {people.map((person) => (
            <li key={person.id}>
              <label className="money-sharer">
                <input
                  type="checkbox"
                  name="share"
                  value={person.id}
                  defaultChecked={shared.has(String(person.id))}
                />
                <span className="user-text">{person.name}</span>
              </label>
              <MoneyField
                label={<span className="visually-hidden">Exact amount for {person.name}</span>}
                id={id(`exact-${person.id}`)}
                name={`exact-${person.id}`}
                inputMode="decimal"
                placeholder="exact amount"
                defaultValue={values.exact[String(person.id)] ?? ""}
                error={errors[`exact-${person.id}`]}
              />
            </li>
          ))}
        </ul>
      </fieldset>
      <ReceiptField id={id("receipt")} error={errors.receipt} kept={receipt} />
      <button type="submit" className="button" name="intent" value={intent}>
        {submit}
      </button>
    </AnswerForm>
  );
}
