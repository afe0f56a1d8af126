import { MoneyField } from "~/features/money/components/money-field";
import { AnswerForm, AnswersAt } from "~/platform/components/form-answer";
import type { FormFailure } from "~/platform/lib/form-failure";

type RatesSetup = {
  main: string;
  currencies: Array<{ code: string; value: string; text: string }>;
  stale: string;
};

/**
 * The organiser's fixed exchange rates (decision 034): one field per other currency of the trip.
 * With a rate, that currency's balances settle in the house's currency; empty, it settles on its own.
 */
export function RatesForm({ rates, failure }: { rates: RatesSetup; failure?: FormFailure<unknown> }) {
  const typed = (failure?.values as Record<string, string> | undefined) ?? {};
  const errors = failure?.fieldErrors ?? {};
  return (
    <section className="card" aria-labelledby="rates">
      <h2 id="rates">One currency at the end</h2>
      <p>
        With a rate for a currency, settle-up turns its balances into {rates.main} at that rate, so the group
        settles once; every expense keeps its own amount and shows the {rates.main} one beside it. The app
        fetches no rate: type the one the group agreed on. Empty: that currency settles on its own. Changing a
        rate changes what settle-up suggests, never a payment already recorded.
      </p>
      {rates.stale ? <p className="alert alert-info">{rates.stale}</p> : null}
      {rates.currencies.length === 0 ? (
        <p className="muted">Every amount of the trip is in {rates.main}: there is nothing to convert.</p>
      ) : (
        <AnswerForm id="rates-form" failure={failure}>
          <AnswersAt form="rates" />
          {rates.currencies.map((currency) => (
            <MoneyField
              key={currency.code}
              label={`1 ${currency.code} in ${rates.main}`}
              id={`rate-${currency.code}`}
              name={`rate-${currency.code}`}
              inputMode="decimal"
              size={10}
              defaultValue={typed[`rate-${currency.code}`] ?? currency.value}
              hint={currency.text || `No rate: ${currency.code} settles on its own.`}
              error={errors[`rate-${currency.code}`]}
            />
          ))}
          <button type="submit" className="button" name="intent" value="rates">
            Save the rates
          </button>
        </AnswerForm>
      )}
    </section>
  );
}
