import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { MoneyField, fieldsOf } from "~/features/money/components/money-field";
import { RatesForm } from "~/features/money/components/rates-form";
import { ConfirmRound } from "~/features/organiser/components/confirm-round";
import { AnswerForm, AnswersAt, FormAnswer } from "~/platform/components/form-answer";
import { HouseReceiptForm } from "~/features/money/components/receipt-field";
import { keepInputOnFailure } from "~/platform/components/submit-failure";
import { HYDRATE } from "~/platform/lib/hydration";
import { getSetupPage, setupAction } from "~/features/money/index.server";
import { pageTitle } from "~/platform/lib/page-title";
import { withFlash } from "~/platform/services/flash.server";
import styles from "~/styles/features.css";
import moneyStyles from "~/styles/money.css";

// Hydrated so that a post lost on the way keeps what was typed (docs/decisions/026-one-form-answer.md).
export const handle = HYDRATE;
export const clientAction = keepInputOnFailure;
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: moneyStyles },
];
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Money set-up") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return withFlash(
    request,
    getSetupPage(request).then((page) => ({ page })),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return setupAction(request);
}

type Failure = { error?: string; form?: string; fieldErrors?: Record<string, string>; values?: unknown };

type SetupMember = ReturnType<typeof useLoaderData<typeof loader>>["page"]["members"][number];

/** Each payer: what they answered and pay, their weight (empty: the default) and a way out. */
function PayerList({
  payers,
  weightValues,
  weightErrors,
}: {
  payers: SetupMember[];
  weightValues: Record<string, string>;
  weightErrors: Record<string, string>;
}) {
  if (!payers.length) return <p className="muted">Nobody pays yet.</p>;
  return (
    <ul className="money-lines" aria-label="Payers and their weights">
      {payers.map((member) => (
        <li key={member.id} aria-label={member.name}>
          <p className="money-line-name">
            <strong className="user-text">{member.name}</strong>{" "}
            <span className="muted">
              {member.answered}; pays {member.share || "a share"}
            </span>
          </p>
          <AnswerForm
            className="money-reject"
            id={`weight-form-${member.id}`}
            failure={
              // Said beside the field; the form's own line says only that nothing was saved.
              weightErrors[`weight-${member.id}`]
                ? {
                    error: weightErrors[`weight-${member.id}`],
                    fieldErrors: { [`weight-${member.id}`]: weightErrors[`weight-${member.id}`]! },
                  }
                : undefined
            }
          >
            <AnswersAt form="payers" />
            <input type="hidden" name="member" value={member.id} />
            <MoneyField
              label={`Weight (default ${member.defaultWeight})`}
              id={`weight-${member.id}`}
              name={`weight-${member.id}`}
              inputMode="decimal"
              size={5}
              defaultValue={weightValues[`weight-${member.id}`] ?? (member.overridden ? member.weight : "")}
              placeholder={member.defaultWeight}
              error={weightErrors[`weight-${member.id}`]}
            />
            <button type="submit" className="button button-secondary" name="intent" value="payer">
              Set weight
            </button>
          </AnswerForm>
          <AnswerForm
            className="money-form"
            id={`remove-form-${member.id}`}
            failure={
              weightErrors[`resplit-${member.id}`]
                ? { error: weightErrors[`resplit-${member.id}`] }
                : undefined
            }
          >
            <AnswersAt form="payers" />
            <input type="hidden" name="member" value={member.id} />
            <input type="hidden" name="change" value="remove" />
            {weightErrors[`resplit-${member.id}`] ? (
              <label className="money-sharer">
                <input type="checkbox" name={`resplit-${member.id}`} value="yes" />
                <span>Yes, re-split it</span>
              </label>
            ) : null}
            <button type="submit" className="button button-secondary" name="intent" value="payer">
              {member.former ? `Re-split ${member.name}’s share over the others` : `Remove ${member.name}`}
            </button>
          </AnswerForm>
        </li>
      ))}
    </ul>
  );
}

/** One form for everyone who does not pay: choose the member, then add them as a payer. */
function AddPayer({ others }: { others: SetupMember[] }) {
  if (!others.length) return null;
  return (
    <Form method="post" className="money-form">
      <AnswersAt form="payers" />
      <input type="hidden" name="change" value="add" />
      <div className="field">
        <label htmlFor="add-payer">Add a payer</label>
        <select id="add-payer" name="member" defaultValue="">
          <option value="" disabled>
            Choose someone
          </option>
          {others.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name} ({member.answered})
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-secondary" name="intent" value="payer">
        Add as a payer
      </button>
    </Form>
  );
}

/** The organiser's money controls: receiver, deposit and dates, instructions, payers and weights, reminder. */
export default function MoneySetup() {
  const { page, flash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Failure | undefined;
  const failure = (form: string) => (actionData?.form === form ? actionData : undefined);
  const settingsFailure = failure("settings");
  const values = {
    ...page.values,
    ...((settingsFailure?.values as Record<string, string> | undefined) ?? {}),
  };
  const errors = settingsFailure?.fieldErrors ?? {};
  const field = fieldsOf(values, errors);
  const payerErrors = failure("payers")?.fieldErrors ?? {};
  const payerValues = (failure("payers")?.values as Record<string, string> | undefined) ?? {};
  // Only the payers are lines of their own; everyone else is one choice of a single "add" form, so a
  // group of 200 is some 40 lines and one list, not 200 lines of forms (a slow phone lays out less).
  const payers = page.members.filter((member) => member.pays);
  const others = page.members.filter((member) => !member.pays);
  if (page.reminderStep) {
    const count = page.reminderStep.entries.length;
    return (
      <div className="money-setup money">
        <ConfirmRound
          title="Send the payment reminder?"
          groups={[{ label: "It goes to each payer with something due", entries: page.reminderStep.entries }]}
          preview={page.reminderStep.preview}
          intent="send-reminder"
          button={`Send the payment reminder to ${count} ${count === 1 ? "payer" : "payers"}`}
          cancel="/money/setup"
        />
      </div>
    );
  }
  return (
    <div className="money-setup money">
      <section className="card">
        <h1>Money set-up for {page.shortName}</h1>
        <FormAnswer note={flash} failure={failure("money")} />
        <p>
          <Link to="/money">Back to the money page</Link>
        </p>
        {page.house ? (
          <p className="user-text">
            The house: {page.house.title}
            {page.house.total ? `, ${page.house.total} for the stay` : ""}. Its price and currency are set on
            the house (the organiser page).
          </p>
        ) : null}
        {page.missing ? <p className="alert alert-info">{page.missing}</p> : null}
      </section>

      <section className="card" aria-labelledby="settings">
        <h2 id="settings">Receiver, deposit and instructions</h2>
        <AnswerForm id="settings-form" failure={settingsFailure}>
          <div className="field">
            <label htmlFor="receiver">Who receives the money (the one who fronted the house)</label>
            <select id="receiver" name="receiver" defaultValue={values.receiver}>
              <option value="">Nobody yet</option>
              {page.members
                .filter((member) => !member.former)
                .map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
            </select>
            {errors.receiver ? <p className="field-error">{errors.receiver}</p> : null}
          </div>
          <div className="field">
            <label htmlFor="childWeight">A child’s weight this year</label>
            <select id="childWeight" name="childWeight" defaultValue={values.childWeight}>
              {page.childWeights.map((weight) => (
                <option key={weight.value} value={weight.value}>
                  {weight.label}
                </option>
              ))}
            </select>
          </div>
          <fieldset>
            <legend>Deposit</legend>
            <div className="choices">
              {(
                [
                  ["none", "No deposit"],
                  ["fixed", `A fixed amount per payer (${page.currency})`],
                  ["percent", "A percentage of each share"],
                ] as const
              ).map(([kind, label]) => (
                <label key={kind}>
                  <input
                    type="radio"
                    name="depositKind"
                    value={kind}
                    defaultChecked={values.depositKind === kind}
                  />
                  {label}
                </label>
              ))}
            </div>
            {errors.depositKind ? <p className="field-error">{errors.depositKind}</p> : null}
            <MoneyField label="Deposit amount or percentage" {...field("depositValue")} inputMode="decimal" />
          </fieldset>
          <MoneyField label="Deposit due by" {...field("depositDue")} type="date" />
          <MoneyField label="The rest due by" {...field("balanceDue")} type="date" />
          <div className="field">
            <label htmlFor="instructions">
              Payment instructions (e.g. a Venmo handle or an e-transfer address)
            </label>
            <textarea
              id="instructions"
              name="instructions"
              rows={3}
              maxLength={1000}
              defaultValue={values.instructions}
              aria-invalid={errors.instructions ? true : undefined}
            />
            {errors.instructions ? <p className="field-error">{errors.instructions}</p> : null}
          </div>
          <button type="submit" className="button" name="intent" value="settings">
            Save the money settings
          </button>
        </AnswerForm>
      </section>

      <section className="card" aria-labelledby="house-receipt">
        <h2 id="house-receipt">The house’s booking confirmation</h2>
        <p>Kept with the house’s cost: the trip’s members open it from the money page.</p>
        <HouseReceiptForm kept={page.houseReceipt} failure={failure("house-receipt")} />
      </section>

      <section className="card" aria-labelledby="consent">
        <h2 id="consent">Shares entered for someone else</h2>
        <p>
          A share of an expense that another member (not an organiser) entered for someone counts at once up
          to the limit, marked “entered by”, and its sharer may refuse it; above the limit it waits until its
          sharer or an organiser accepts it. Now: above {page.consent.limit}
          {page.consent.isDefault ? " (the house share per person)" : ""} in {page.currency}; in any other
          currency above {page.consent.other} of that currency (¥50,000 in one without cents).
        </p>
        <AnswerForm id="consent-form" failure={failure("consent")}>
          <AnswersAt form="consent" />
          <MoneyField
            label={`Limit (${page.currency}; empty: the house share per person)`}
            id="consentLimit"
            name="consentLimit"
            inputMode="decimal"
            defaultValue={
              (failure("consent")?.values as Record<string, string> | undefined)?.consentLimit ??
              page.consent.value
            }
            error={failure("consent")?.fieldErrors?.consentLimit}
          />
          <button type="submit" className="button" name="intent" value="consent-limit">
            Save the limit
          </button>
        </AnswerForm>
      </section>

      <RatesForm rates={page.rates} failure={failure("rates")} />

      <section className="card" aria-labelledby="payers">
        <h2 id="payers">Who pays, and their weights</h2>
        <p className="muted">
          By default every member attending “yes” pays, with weight 1, plus 1 for a boo and the child weight
          for a child. A weight from 0 to 10 overrides it (e.g. 0.33 for one night of three); empty goes back
          to the default.
        </p>
        <FormAnswer failure={Object.keys(payerErrors).length ? undefined : failure("payers")} />
        <PayerList payers={payers} weightValues={payerValues} weightErrors={payerErrors} />
        <AddPayer others={others} />
      </section>

      <section className="card" aria-labelledby="reminder">
        <h2 id="reminder">Payment reminder</h2>
        <FormAnswer failure={failure("reminder")} />
        {page.reminder.lastSent ? <p>The last reminder went out {page.reminder.lastSent}.</p> : null}
        {page.reminder.failed ? (
          <p>{page.reminder.failed} mails of that round failed: you may send again now.</p>
        ) : null}
        {page.reminder.blocked ? <p className="muted">{page.reminder.blocked}</p> : null}
        {page.reminder.recipients.length ? (
          <>
            <p id="reminder-recipients">
              It goes to each payer with something due, with their own amount and date:
            </p>
            <ul className="money-list" aria-labelledby="reminder-recipients">
              {page.reminder.recipients.map((recipient) => (
                <li key={recipient.id}>
                  <span className="user-text">
                    {recipient.name} &lt;{recipient.email}&gt;
                  </span>
                  : {recipient.amount}
                  {recipient.date ? ` by ${recipient.date}` : ""}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {page.reminder.canSend ? (
          <p>
            <Link to="?step=reminder" className="button">
              Send the payment reminder…
            </Link>
          </p>
        ) : page.reminder.nextPossible ? (
          <p className="muted">The next reminder may go out {page.reminder.nextPossible}.</p>
        ) : null}
      </section>
    </div>
  );
}
