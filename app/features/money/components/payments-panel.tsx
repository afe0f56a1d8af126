import { Form } from "@remix-run/react";
import { AnswerForm, AnswersAt, FormAnswer } from "~/platform/components/form-answer";
import { MoneyField } from "~/features/money/components/money-field";

export type PaymentItem = { id: number; status: string; text: string; reason: string; canDecide: boolean };
type Failure = { error?: string; form?: string; fieldErrors?: Record<string, string>; values?: unknown };

const valuesOf = (failure: Failure | undefined, form: string): Record<string, string> =>
  failure?.form === form && failure.values && typeof failure.values === "object"
    ? (failure.values as Record<string, string>)
    : {};

/** A payment's amount, date and note, as both payment forms ask for them (ids under `prefix`). */
function PaymentFields({
  prefix,
  currency,
  values,
  errors,
  amountError = errors.amount,
}: {
  prefix: string;
  currency: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  amountError?: string;
}) {
  return (
    <>
      <MoneyField
        label={`Amount (${currency})`}
        id={`${prefix}-amount`}
        name="amount"
        inputMode="decimal"
        defaultValue={values.amount}
        error={amountError}
        required
      />
      <MoneyField
        label="Date"
        id={`${prefix}-date`}
        name="paidOn"
        type="date"
        defaultValue={values.paidOn}
        error={errors.paidOn}
      />
      <MoneyField
        label="Note (optional)"
        id={`${prefix}-note`}
        name="note"
        defaultValue={values.note}
        maxLength={200}
      />
    </>
  );
}

/** "I paid": amount, date, note; it reads as reported until the receiver or an organiser confirms it. */
export function ReportPayment({
  formKey,
  failure,
  currency,
}: {
  formKey: string;
  failure?: Failure;
  currency: string;
}) {
  const mine = failure?.form === "payment" ? failure : undefined;
  const values = valuesOf(failure, "payment");
  const errors = mine?.fieldErrors ?? {};
  return (
    <AnswerForm className="money-form" id="report" failure={mine}>
      <h3>I paid</h3>
      <AnswersAt form="payment" />
      <input type="hidden" name="key" value={values.key || formKey} />
      <PaymentFields
        prefix="payment"
        currency={currency}
        values={values}
        errors={errors}
        amountError={errors.amount ?? errors.from}
      />
      <button type="submit" className="button" name="intent" value="report-payment">
        Report my payment
      </button>
    </AnswerForm>
  );
}

/** The receiver's or an organiser's own record of a payment: confirmed at once. */
export function RecordPayment({
  formKey,
  failure,
  payers,
  currency,
}: {
  formKey: string;
  failure?: Failure;
  payers: Array<{ id: number; name: string }>;
  currency: string;
}) {
  const mine = failure?.form === "record" ? failure : undefined;
  const values = valuesOf(failure, "record");
  const errors = mine?.fieldErrors ?? {};
  return (
    <AnswerForm className="money-form" id="record" failure={mine}>
      <h3>Record a payment received</h3>
      <AnswersAt form="record" />
      <input type="hidden" name="key" value={values.key || formKey} />
      <div className="field">
        <label htmlFor="record-from">From</label>
        <select id="record-from" name="from" defaultValue={values.from}>
          {payers.map((payer) => (
            <option key={payer.id} value={payer.id}>
              {payer.name}
            </option>
          ))}
        </select>
        {errors.from ? <p className="field-error">{errors.from}</p> : null}
      </div>
      <PaymentFields prefix="record" currency={currency} values={values} errors={errors} />
      <button type="submit" className="button" name="intent" value="record-payment">
        Record the payment
      </button>
    </AnswerForm>
  );
}

/** Payments with the receiver's and organisers' confirm and reject (a reason is required to reject). */
export function PaymentList({
  payments,
  failure,
  form = "payments",
}: {
  payments: PaymentItem[];
  failure?: Failure;
  /** Which refusals are this list's: house-share payments ("payments") or settle-up transfers ("transfers"). */
  form?: string;
}) {
  if (payments.length === 0) return <p className="muted">No payments yet.</p>;
  const mine = failure?.form === form ? failure : undefined;
  const errors = mine?.fieldErrors ?? {};
  // A refused reject is answered at the top of its own form; anything else about the list, above it.
  const rejected = (id: number) => (errors[`reason-${id}`] ? mine : undefined);
  const aboutList =
    mine && !Object.keys(errors).some((name) => name.startsWith("reason-")) ? mine : undefined;
  return (
    <>
      <FormAnswer failure={aboutList} />
      <ul className="money-list">
        {payments.map((payment) => (
          <li key={payment.id} data-payment={payment.status}>
            <p className="user-text">{payment.text}</p>
            {payment.reason ? <p className="user-text muted">Rejected because: {payment.reason}</p> : null}
            {payment.canDecide ? (
              <div className="money-decide">
                <Form method="post" className="inline-form">
                  <AnswersAt form={form} />
                  <input type="hidden" name="id" value={payment.id} />
                  <button type="submit" className="button" name="intent" value="confirm-payment">
                    Confirm
                  </button>
                </Form>
                <AnswerForm
                  className="money-reject"
                  id={`reject-${payment.id}`}
                  failure={rejected(payment.id)}
                >
                  <AnswersAt form={form} />
                  <input type="hidden" name="id" value={payment.id} />
                  <MoneyField
                    label="Reason to reject"
                    id={`reason-${payment.id}`}
                    name="reason"
                    maxLength={200}
                    defaultValue={rejected(payment.id) ? valuesOf(mine, form).reason : undefined}
                    error={errors[`reason-${payment.id}`]}
                  />
                  <button
                    type="submit"
                    className="button button-secondary"
                    name="intent"
                    value="reject-payment"
                  >
                    Reject
                  </button>
                </AnswerForm>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
