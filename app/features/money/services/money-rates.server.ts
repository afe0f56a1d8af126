import { refuse } from "~/platform/services/refuse.server";
import { currencyDigits, formatMoney } from "~/platform/lib/amount";
import { RATE_MESSAGE, convertAmount, parseRate, writeRates } from "~/features/money/lib/rates";
import { saveMoneySettings } from "~/features/money/models/money-writes.server";
import type { LoadedMoney } from "~/features/money/services/money-access.server";
import { done } from "~/features/money/services/money-actions.server";

const mainOf = (loaded: LoadedMoney) => loaded.house?.currency ?? "USD";

/** The rates in force: the saved ones, while the house is still in the currency they were typed for. */
const ratesInForce = (loaded: LoadedMoney) =>
  loaded.settings.ratesBase === mainOf(loaded) ? loaded.settings.rates : new Map<string, string>();

/** Every currency of the trip other than the house's: those its ledger names, and those with a rate. */
function otherCurrencies(loaded: LoadedMoney): string[] {
  const main = mainOf(loaded);
  const codes = new Set([...loaded.money.balances.keys(), ...ratesInForce(loaded).keys()]);
  codes.delete(main);
  return [...codes].sort();
}

/** "1 MXN = 0.054 USD (MX$100.00 ≈ $5.40)", the rate read both ways. */
export function rateText(code: string, rate: string, main: string): string {
  const hundred = 100 * 10 ** currencyDigits(code);
  const example = `${formatMoney(hundred, code)} ≈ ${formatMoney(convertAmount(hundred, code, main, rate), main)}`;
  return `1 ${code} = ${rate} ${main} (${example})`;
}

/** What /money/setup shows of the rates: one field per other currency, with the saved rate. */
export function ratesSetup(loaded: LoadedMoney) {
  const main = mainOf(loaded);
  const rates = ratesInForce(loaded);
  const { ratesBase } = loaded.settings;
  return {
    main,
    currencies: otherCurrencies(loaded).map((code) => ({
      code,
      value: rates.get(code) ?? "",
      text: rates.has(code) ? rateText(code, rates.get(code)!, main) : "",
    })),
    // The house changed currency since: the rates typed for the old one no longer count.
    stale:
      ratesBase !== "" && ratesBase !== main && loaded.settings.rates.size > 0
        ? `The rates saved were into ${ratesBase}; the house is now in ${main}, so they no longer count: type them again.`
        : "",
  };
}

const describe = (rates: ReadonlyMap<string, string>, main: string) =>
  rates.size
    ? [...rates].map(([code, rate]) => `1 ${code} = ${rate} ${main}`).join("; ")
    : "none (each currency settles on its own)";

/**
 * The organiser's fixed rates (decision 034): one field per other currency, `rate-<CODE>`; empty
 * leaves that currency to settle on its own. A refused field keeps what was typed in every field.
 */
export async function saveRates(loaded: LoadedMoney, form: Record<string, string>) {
  const main = mainOf(loaded);
  const codes = otherCurrencies(loaded);
  const values = Object.fromEntries(
    codes.map((code) => [`rate-${code}`, (form[`rate-${code}`] ?? "").trim()]),
  );
  const fieldErrors: Record<string, string> = {};
  const rates = new Map<string, string>();
  for (const code of codes) {
    const typed = values[`rate-${code}`]!;
    if (typed === "") continue;
    const rate = parseRate(typed);
    if (rate) rates.set(code, rate);
    else fieldErrors[`rate-${code}`] = `${code}: ${RATE_MESSAGE}`;
  }
  if (Object.keys(fieldErrors).length) {
    return refuse({ form: "rates", error: Object.values(fieldErrors)[0], fieldErrors, values });
  }
  const before = describe(ratesInForce(loaded), main);
  const after = describe(rates, main);
  await saveMoneySettings(
    loaded.edition,
    { id: loaded.me.id, name: loaded.me.name },
    { rates: writeRates(rates), ratesBase: rates.size ? main : "" },
    before === after
      ? null
      : { action: "Exchange rates changed", subject: "Settings", oldValue: before, newValue: after },
  );
  return done(
    rates.size
      ? `Settle-up is in ${main} at your rates: ${after}.`
      : "No rates: each currency settles on its own.",
    "/money/setup",
  );
}
