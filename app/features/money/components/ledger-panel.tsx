import { Link } from "@remix-run/react";
import { ReceiptLink } from "~/features/money/components/receipt-field";
import { AnswerForm, FormAnswer } from "~/platform/components/form-answer";
import { PaymentList, type PaymentItem } from "~/features/money/components/payments-panel";
import { SettleForm, settleFailureFor, type SettleFailure } from "~/features/money/components/settle-form";
import type { ShareConsent } from "~/features/money/components/consent-panel";
import { PayTo } from "~/features/money/components/pay-to";
import type { PayWay } from "~/features/money/lib/pay-links";

/** How to pay someone: only on the viewer's own debts, when the one they owe said how (issue 57). */
export type PayToItem = { name: string; ways: PayWay[]; note: string } | null;

export type ExpenseItem = {
  id: number;
  deleted: boolean;
  description: string;
  amount: string;
  /** What it is in the settle-up currency at the organiser's rate ("≈ $5.40"; "" without one). */
  converted: string;
  paidBy: string;
  /** Who entered it, when not its payer ("" otherwise). */
  enteredBy: string;
  split: string;
  shares: string;
  /** Its shares that are not simply counted: entered for someone else, waiting, refused, removed. */
  consents: ShareConsent[];
  canChange: boolean;
  /** The receipt kept with it (never on a deleted expense: it went with it). */
  receipt: { id: number; pdf: boolean } | null;
};

export type BalanceGroup = {
  currency: string;
  /** The organiser's rates of the currencies settled in this one ("1 MXN = 0.054 USD (…)"). */
  converted: string[];
  rows: Array<{ id: number; name: string; amount: number; text: string }>;
  transfers: Array<{
    from: number;
    to: number;
    toName: string;
    text: string;
    value: string;
    key: string;
    /** What the payer reported and is not counted yet ("" when nothing waits). */
    waiting: string;
    payTo: PayToItem;
  }>;
  /**
   * For an organiser: what is open with members who left, as the transfers that would settle it
   * (decision 031). Nobody else is asked to pay or wait for someone who can no longer sign in.
   */
  former: BalanceGroup["transfers"];
  /** For an organiser: each former member's debt the payers may carry instead ("Write off"). */
  writeOffs: Array<{ member: number; text: string; key: string }>;
  /** The settle-up transfers recorded in this currency that the member may see, with Confirm / Reject. */
  recorded: PaymentItem[];
};

/**
 * "Write off" a former member's debt: the payers carry it by their weights. The first post answers
 * with each one's part and a box to tick; nothing changes until it is ticked.
 */
function WriteOffForm({
  item,
  currency,
  failure,
}: {
  item: { member: number; text: string; key: string };
  currency: string;
  failure?: SettleFailure;
}) {
  const values = (failure?.values ?? {}) as Record<string, string>;
  const mine = values.member === String(item.member) && values.currency === currency;
  const error = mine ? failure?.fieldErrors?.confirm : undefined;
  return (
    <AnswerForm
      className="money-settle"
      id={`write-off-${currency}-${item.member}`}
      failure={mine && failure?.error ? { error: failure.error } : undefined}
    >
      <p className="user-text">{item.text}.</p>
      <input type="hidden" name="intent" value="write-off" />
      <input type="hidden" name="member" value={item.member} />
      <input type="hidden" name="currency" value={currency} />
      <input type="hidden" name="key" value={(mine && values.key) || item.key} />
      {error ? (
        <label className="money-sharer">
          <input type="checkbox" name="confirm" value="yes" />
          <span>Yes, write it off</span>
        </label>
      ) : null}
      <button type="submit" className="button button-secondary">
        Write it off: the payers carry it
      </button>
    </AnswerForm>
  );
}

/** The trip's expenses, newest last; a deleted one keeps its line. */
export function ExpenseList({ expenses }: { expenses: ExpenseItem[] }) {
  if (expenses.length === 0) return <p className="muted">No expenses yet.</p>;
  return (
    <ul className="money-list">
      {expenses.map((expense) => (
        <li key={expense.id} className={expense.deleted ? "money-deleted" : undefined}>
          <p className="user-text">
            {expense.deleted ? <s>{expense.description}</s> : <strong>{expense.description}</strong>}{" "}
            {expense.amount}
            {expense.converted ? <span className="money-converted"> ({expense.converted})</span> : null}, paid
            by <span className="user-text">{expense.paidBy}</span>
            {expense.enteredBy ? (
              <>
                , entered by <span className="user-text">{expense.enteredBy}</span>
              </>
            ) : null}
            {expense.deleted ? " (deleted)" : null}
          </p>
          <p className="muted user-text">
            {expense.split}: {expense.shares}
          </p>
          {expense.receipt ? (
            <p>
              <ReceiptLink
                receipt={expense.receipt}
                label={`Receipt for “${expense.description.slice(0, 40)}”`}
              />
            </p>
          ) : null}
          {expense.canChange ? (
            <p>
              <Link to={`/money/expenses/${expense.id}`}>
                Edit or delete “{expense.description.slice(0, 40)}”
              </Link>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Balances per currency and the transfers that settle each. Only confirmed transfers count: the
 * payer's own "Record as paid" waits for the receiving side, and the line says so.
 */
export function Balances({
  groups,
  multiCurrency,
  meId,
  canRecordAll,
  readOnly,
  people,
  failure,
}: {
  groups: BalanceGroup[];
  multiCurrency: boolean;
  meId: number;
  canRecordAll: boolean;
  readOnly: boolean;
  people: Array<{ id: number; name: string }>;
  failure?: SettleFailure;
}) {
  const writingOff = (failure?.values as Record<string, string> | undefined)?.intent === "write-off";
  // The browser's own failure (a cut network) of a write-off names its intent and carries no values:
  // like a refusal about a pair settle-up does not list, it is said at the top.
  const settleFailure =
    (failure?.form === "settle" && !writingOff) || failure?.form === "write-off" ? failure : undefined;
  const writeOffFailure = failure?.form === "settle" && writingOff ? failure : undefined;
  const listed = groups.some((group) =>
    group.transfers.some((t) => settleFailureFor(settleFailure, { ...t, currency: group.currency })),
  );
  // A refusal about a pair settle-up does not list (another currency, a changed form): said at the top,
  // with its form again when the member may still record it anyway.
  const unlisted = settleFailure && !listed ? settleFailure : undefined;
  const values = (unlisted?.values ?? {}) as Record<string, string>;
  const nameOf = (id: string) => people.find((person) => String(person.id) === id)?.name ?? "";
  const formsOf = (t: { from: number; to: number }) =>
    !readOnly && (canRecordAll || t.from === meId || t.to === meId);
  return (
    <>
      {unlisted?.fieldErrors?.anyway && nameOf(values.from) && nameOf(values.to) ? (
        <SettleForm
          pair={{ from: Number(values.from), to: Number(values.to), currency: values.currency }}
          value={values.amount}
          formKey={values.key}
          toName={nameOf(values.to)}
          payerIsMe={Number(values.from) === meId}
          failure={settleFailureFor(unlisted, {
            from: Number(values.from),
            to: Number(values.to),
            currency: values.currency,
          })}
        />
      ) : unlisted?.error ? (
        <FormAnswer failure={{ error: unlisted.error }} />
      ) : null}
      {groups.length === 0 ? <p className="muted">Nothing to settle yet.</p> : null}
      {multiCurrency ? (
        <p className="alert alert-info">
          This trip has more than one currency. Each currency without a rate from the organiser settles on its
          own.
        </p>
      ) : null}
      {groups.map((group) => (
        <section key={group.currency} aria-labelledby={`balances-${group.currency}`}>
          <h3 id={`balances-${group.currency}`}>Balances in {group.currency}</h3>
          {group.converted.length ? (
            <div className="alert alert-info" data-converted={group.currency}>
              <p>
                Settle-up is in {group.currency}: these currencies are converted at the organiser’s fixed
                rates, and every expense keeps its own amount.
              </p>
              <ul>
                {group.converted.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <ul className="money-list">
            {group.rows.map((row) => (
              <li key={row.id}>
                <span className="user-text">{row.name}</span>:{" "}
                {row.amount > 0 ? `is owed ${row.text}` : row.amount < 0 ? `owes ${row.text}` : "settled"}
              </li>
            ))}
          </ul>
          <h4>Settle up in {group.currency}</h4>
          {group.transfers.length === 0 ? (
            <p className="muted">Everyone is settled in {group.currency}.</p>
          ) : (
            <ul className="money-list" data-settle={group.currency}>
              {group.transfers.map((transfer) => (
                <li key={`${transfer.from}-${transfer.to}`}>
                  <span className="user-text">{transfer.text}</span>
                  {transfer.waiting ? <p className="user-text muted">{transfer.waiting}</p> : null}
                  {transfer.payTo ? <PayTo {...transfer.payTo} /> : null}
                  {formsOf(transfer) ? (
                    <SettleForm
                      pair={{ ...transfer, currency: group.currency }}
                      value={transfer.value}
                      formKey={transfer.key}
                      toName={transfer.toName}
                      payerIsMe={transfer.from === meId}
                      failure={settleFailureFor(settleFailure, { ...transfer, currency: group.currency })}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {group.former.length ? (
            <section aria-labelledby={`former-${group.currency}`}>
              <h4 id={`former-${group.currency}`}>Open with a former member in {group.currency}</h4>
              <p className="muted">
                A member who left can no longer sign in, so settle-up leaves them out. Once this is settled
                outside the app, record it here: it counts at once.
              </p>
              <ul className="money-list" data-settle-former={group.currency}>
                {group.former.map((transfer) => (
                  <li key={`${transfer.from}-${transfer.to}`}>
                    <span className="user-text">{transfer.text}</span>
                    {readOnly ? null : (
                      <SettleForm
                        pair={{ ...transfer, currency: group.currency }}
                        value={transfer.value}
                        formKey={transfer.key}
                        toName={transfer.toName}
                        payerIsMe={false}
                        failure={settleFailureFor(settleFailure, { ...transfer, currency: group.currency })}
                      />
                    )}
                  </li>
                ))}
              </ul>
              {readOnly
                ? null
                : group.writeOffs.map((item) => (
                    <WriteOffForm
                      key={item.member}
                      item={item}
                      currency={group.currency}
                      failure={writeOffFailure}
                    />
                  ))}
            </section>
          ) : null}
          {group.recorded.length ? (
            <section aria-labelledby={`transfers-${group.currency}`}>
              <h4 id={`transfers-${group.currency}`}>Transfers recorded in {group.currency}</h4>
              <p className="muted">
                A reported transfer counts once its receiver (or an organiser) confirms it.
              </p>
              <PaymentList payments={group.recorded} failure={failure} form="transfers" />
            </section>
          ) : null}
        </section>
      ))}
    </>
  );
}
