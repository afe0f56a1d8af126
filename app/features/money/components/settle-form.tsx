import { AnswerForm } from "~/platform/components/form-answer";
import type { FormFailure } from "~/platform/lib/form-failure";
import { MoneyField } from "~/features/money/components/money-field";

export type SettleFailure = FormFailure<unknown>;

type Pair = { from: number; to: number; currency: string };

/** The refusal of "Record as paid" when it is about this pair in this currency (the values it was sent with). */
export function settleFailureFor(failure: SettleFailure | undefined, pair: Pair) {
  if (failure?.form !== "settle" || !failure.values || typeof failure.values !== "object") return undefined;
  const values = failure.values as Record<string, string>;
  const same =
    values.from === String(pair.from) &&
    values.to === String(pair.to) &&
    values.currency?.toUpperCase() === pair.currency;
  return same ? { ...failure, values } : undefined;
}

/**
 * "Record as paid" for one transfer: the amount settle-up gives, which the member may change (a part
 * paid). More than the two owe each other comes back with the refusal's question and a "Record
 * anyway" box; the payer's own record then waits for the receiving side.
 */
export function SettleForm({
  pair,
  value,
  formKey,
  toName,
  payerIsMe,
  failure,
}: {
  pair: Pair;
  value: string;
  formKey: string;
  toName: string;
  payerIsMe: boolean;
  failure?: ReturnType<typeof settleFailureFor>;
}) {
  const id = `settle-${pair.currency}-${pair.from}-${pair.to}`;
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  return (
    <AnswerForm
      className="money-settle"
      id={id}
      failure={failure?.error ? { error: failure.error } : undefined}
    >
      <input type="hidden" name="intent" value="settle" />
      <input type="hidden" name="from" value={pair.from} />
      <input type="hidden" name="to" value={pair.to} />
      <input type="hidden" name="currency" value={pair.currency} />
      <input type="hidden" name="key" value={values.key || formKey} />
      <MoneyField
        label={`Amount paid (${pair.currency})`}
        id={`${id}-amount`}
        name="amount"
        inputMode="decimal"
        defaultValue={values.amount ?? value}
        aria-invalid={errors.amount ? true : undefined}
        required
      />
      {errors.anyway ? (
        <label className="money-sharer">
          <input type="checkbox" name="anyway" value="yes" />
          <span>Yes, record it anyway</span>
        </label>
      ) : null}
      <button type="submit" className="button button-secondary">
        Record as paid
      </button>
      {payerIsMe ? (
        <p className="muted">
          It counts once <span className="user-text">{toName}</span> confirms it.
        </p>
      ) : null}
    </AnswerForm>
  );
}
