import { Form, Link } from "@remix-run/react";

export type ExpenseItem = {
  id: number;
  deleted: boolean;
  description: string;
  amount: string;
  paidBy: string;
  split: string;
  shares: string;
  canChange: boolean;
};

export type BalanceGroup = {
  currency: string;
  rows: Array<{ id: number; name: string; amount: number; text: string }>;
  transfers: Array<{ from: number; to: number; text: string; value: string; key: string }>;
};

/** The trip's expenses, newest last; a deleted one keeps its line. */
export function ExpenseList({ expenses }: { expenses: ExpenseItem[] }) {
  if (expenses.length === 0) return <p className="muted">No expenses yet.</p>;
  return (
    <ul className="money-list">
      {expenses.map((expense) => (
        <li key={expense.id} className={expense.deleted ? "money-deleted" : undefined}>
          <p className="user-text">
            {expense.deleted ? <s>{expense.description}</s> : <strong>{expense.description}</strong>}{" "}
            {expense.amount}, paid by <span className="user-text">{expense.paidBy}</span>
            {expense.deleted ? " (deleted)" : null}
          </p>
          <p className="muted user-text">
            {expense.split}: {expense.shares}
          </p>
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

/** Balances per currency and the transfers that settle each; recording one moves it into the ledger. */
export function Balances({
  groups,
  multiCurrency,
  meId,
  canRecordAll,
  readOnly,
}: {
  groups: BalanceGroup[];
  multiCurrency: boolean;
  meId: number;
  canRecordAll: boolean;
  readOnly: boolean;
}) {
  if (groups.length === 0) return <p className="muted">Nothing to settle yet.</p>;
  return (
    <>
      {multiCurrency ? (
        <p className="alert alert-info">
          This trip has more than one currency. Each currency settles on its own: no exchange rates are used.
        </p>
      ) : null}
      {groups.map((group) => (
        <section key={group.currency} aria-labelledby={`balances-${group.currency}`}>
          <h3 id={`balances-${group.currency}`}>Balances in {group.currency}</h3>
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
                  {!readOnly && (canRecordAll || transfer.from === meId || transfer.to === meId) ? (
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="intent" value="settle" />
                      <input type="hidden" name="from" value={transfer.from} />
                      <input type="hidden" name="to" value={transfer.to} />
                      <input type="hidden" name="amount" value={transfer.value} />
                      <input type="hidden" name="currency" value={group.currency} />
                      <input type="hidden" name="key" value={transfer.key} />{" "}
                      <button type="submit" className="button button-secondary">
                        Record as paid
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
