import { Link } from "@remix-run/react";
import type { ExpenseFormValues } from "~/features/money/lib/expense-form";
import { instructionParts } from "~/features/money/lib/money-text";
import { ExpenseForm } from "~/features/money/components/expense-form";
import { ReceiptLink } from "~/features/money/components/receipt-field";
import {
  Balances,
  ExpenseList,
  type BalanceGroup,
  type ExpenseItem,
  type PayToItem,
} from "~/features/money/components/ledger-panel";
import { PayTo } from "~/features/money/components/pay-to";
import { ConsentPanel, type ShareConsent } from "~/features/money/components/consent-panel";
import { Instructions } from "~/features/money/components/money-field";
import { PayerLines, type Line } from "~/features/money/components/payer-lines";
import {
  PaymentList,
  RecordPayment,
  ReportPayment,
  type PaymentItem,
} from "~/features/money/components/payments-panel";

export type MoneyViewData = {
  year: number;
  shortName: string;
  readOnly: boolean;
  role: { organiser: boolean; receiver: boolean; seesLedger: boolean };
  me: { id: number; name: string };
  house: { title: string; total: string | null } | null;
  /** The house's booking confirmation, for the people of the trip. */
  houseReceipt: { id: number; pdf: boolean } | null;
  currency: string;
  missing: string | null;
  receiver: { id: number; name: string } | null;
  instructions: string;
  /** How to pay the receiver what this member's line says is due, when the receiver said how. */
  payReceiver: PayToItem;
  paySaid: boolean;
  deposit: string;
  depositDue: string;
  balanceDue: string;
  inLedger: boolean;
  lines: Line[];
  payments: PaymentItem[];
  expenses: ExpenseItem[];
  /** Every expense of the trip; `expenses` may hold only the latest. */
  expenseCount: number;
  /** The shares this member may answer (accept, refuse, remove), of every expense. */
  answers: ShareConsent[];
  consentCount: number;
  people: Array<{ id: number; name: string }>;
  balances: BalanceGroup[];
  multiCurrency: boolean;
  /** The currencies whose balances do not add up to zero (the organiser's view only). */
  unbalanced: string[];
  keys: { payment: string; expense: string; record: string };
  pastYears: number[];
};

type Failure = { error?: string; form?: string; fieldErrors?: Record<string, string>; values?: unknown };

/** The trip's money: the house share and payments, then the ledger, its balances and settle-up. */
export function MoneyView({ page, failure }: { page: MoneyViewData; failure?: Failure }) {
  const { role, readOnly } = page;
  const seeAll = role.organiser || role.receiver;
  const isPayer = page.lines.some((line) => line.id === page.me.id);
  const expenseFailure = failure?.form === "expense" ? failure : undefined;
  const expenseValues: ExpenseFormValues =
    expenseFailure?.values && typeof expenseFailure.values === "object"
      ? (expenseFailure.values as ExpenseFormValues)
      : {
          description: "",
          amount: "",
          currency: page.currency,
          paidBy: String(page.me.id),
          split: "equal",
          sharers: page.people.map((person) => String(person.id)),
          exact: {},
        };
  return (
    <div className="money">
      {page.unbalanced.length ? (
        <p className="alert alert-error" role="alert">
          The ledger does not add up in {page.unbalanced.join(", ")}: no settle-up is suggested there. Check
          the expenses and payments in the history, and edit or delete the one that is wrong.
        </p>
      ) : null}
      {page.consentCount ? (
        <p className="alert alert-info">
          {page.consentCount === 1
            ? "A share someone else entered waits for "
            : `${page.consentCount} shares someone else entered wait for `}
          {role.organiser ? "an answer" : "your consent"}: see <a href="#consent">Shares to answer</a>. Until
          then it is in nobody’s balance.
        </p>
      ) : null}
      <section className="card" aria-labelledby="house-share">
        <h2 id="house-share">The house share</h2>
        {page.house ? (
          <p className="user-text">
            {page.house.title}
            {page.house.total ? `: ${page.house.total} for the stay` : null}
            {page.houseReceipt ? (
              <>
                {" · "}
                <ReceiptLink receipt={page.houseReceipt} label="The booking confirmation" />
              </>
            ) : null}
          </p>
        ) : null}
        {page.missing ? <p className="alert alert-info">{page.missing}</p> : null}
        {!page.inLedger && !role.organiser ? (
          <p className="alert alert-info">
            You are not on this trip’s list of payers, so nothing is due from you. Only your own position
            shows here.
          </p>
        ) : null}
        {page.receiver ? (
          <p>
            Pay <strong className="user-text">{page.receiver.name}</strong>
            {page.deposit
              ? `: a deposit of ${page.deposit}${page.depositDue ? ` by ${page.depositDue}` : ""}`
              : ""}
            {page.balanceDue ? `, the rest by ${page.balanceDue}` : ""}.
          </p>
        ) : !page.missing ? (
          <p className="muted">The organiser has not said yet who receives the money.</p>
        ) : null}
        {page.instructions && (page.inLedger || role.organiser) ? (
          <Instructions parts={instructionParts(page.instructions)} />
        ) : null}
        <PayerLines lines={page.lines} all={seeAll} />
        <p className="muted">
          Shares are split by weight in whole cents; the cents left over go one each to the largest
          remainders, ties in the order of the payers’ names.
        </p>
      </section>

      {page.inLedger || seeAll ? (
        <section className="card" aria-labelledby="payments">
          <h2 id="payments">Payments</h2>
          <PaymentList payments={page.payments} failure={failure} />
          {!readOnly && page.payReceiver ? <PayTo {...page.payReceiver} /> : null}
          {!readOnly && isPayer && !role.receiver && page.receiver && !page.missing ? (
            <ReportPayment formKey={page.keys.payment} failure={failure} currency={page.currency} />
          ) : null}
          {!readOnly && seeAll && page.receiver && !page.missing ? (
            <RecordPayment
              formKey={page.keys.record}
              failure={failure}
              payers={page.lines.map(({ id, name }) => ({ id, name }))}
              currency={page.currency}
            />
          ) : null}
        </section>
      ) : null}

      {role.seesLedger ? (
        <section className="card" aria-labelledby="ledger">
          <h2 id="ledger">Trip ledger</h2>
          <p className="muted">
            The house is one entry (paid by the receiver, split by the shares); every confirmed payment is a
            transfer.
          </p>
          {page.expenseCount > page.expenses.length ? (
            <p>
              The latest {page.expenses.length} of {page.expenseCount} expenses.{" "}
              <Link to="?expenses=all#ledger">Show all {page.expenseCount} expenses</Link>
            </p>
          ) : null}
          <ConsentPanel answers={page.answers} failure={failure} />
          <ExpenseList expenses={page.expenses} />
          {!readOnly && page.people.length > 0 ? (
            <details open={Boolean(expenseFailure)} className="money-add">
              <summary>Add an expense</summary>
              <ExpenseForm
                people={page.people}
                values={expenseValues}
                errors={expenseFailure?.fieldErrors}
                error={expenseFailure?.error}
                hidden={{
                  key: (expenseFailure?.values as { key?: string } | undefined)?.key || page.keys.expense,
                }}
                submit="Add the expense"
                intent="add-expense"
              />
            </details>
          ) : null}
        </section>
      ) : null}

      <section className="card" aria-labelledby="balances">
        <h2 id="balances">Balances and settle up</h2>
        {!readOnly && (page.inLedger || role.seesLedger) ? (
          <p className="muted" id="how-to-pay-me">
            {page.paySaid
              ? "Those who owe you see how you want to be paid beside what they owe. "
              : "Say how you want to be paid (PayPal, Venmo, Revolut, Wise, a bank account): those who owe you see it beside what they owe. "}
            <Link to="/account#pay">{page.paySaid ? "Change how to pay me" : "How to pay me"}</Link>
          </p>
        ) : null}
        <Balances
          groups={page.balances}
          multiCurrency={page.multiCurrency}
          meId={page.me.id}
          canRecordAll={role.organiser}
          readOnly={readOnly}
          people={page.people}
          failure={failure}
        />
      </section>
      <p>
        <Link to={readOnly ? `/money/history?year=${page.year}` : "/money/history"}>The money history</Link>
      </p>
      {page.pastYears.length ? (
        <p>
          Past trips (for those who were on them):{" "}
          {page.pastYears.map((year, index) => (
            <span key={year}>
              {index ? " · " : null}
              <Link to={`/money/${year}`}>{year}</Link>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
