/**
 * Every amount of money in the app, a house's price as much as an expense: an integer of the
 * currency's minor unit (cents; none for JPY), read by parseAmount and shown by formatMoney.
 */

/** The most one amount may be, in major units: a typo guard, not a budget. */
export const AMOUNT_MAX = 1_000_000;

const digitCache = new Map<string, number>();

/** Decimal places of an ISO 4217 currency (USD 2, JPY 0); throws on an unknown code. */
export function currencyDigits(currency: string): number {
  let digits = digitCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits as number;
    digitCache.set(currency, digits);
  }
  return digits;
}

const KNOWN = new Set(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : []);

/** Currencies with 0 or 2 decimals: three-decimal ones (BHD, KWD) are not supported. */
export function isSupportedCurrency(code: string): boolean {
  return KNOWN.has(code) && [0, 2].includes(currencyDigits(code));
}

/** "usd " → "USD", or null when it is no supported ISO 4217 code. */
export function readCurrency(value: string): string | null {
  const code = value.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) && isSupportedCurrency(code) ? code : null;
}

export const CURRENCY_MESSAGE = "Currency must be a three-letter code such as USD, CAD or MXN";

/** How to write an amount in this currency, for refusals (`plain`: digits and a point only). */
export function amountHint(currency: string, plain = false): string {
  if (currencyDigits(currency) === 0)
    return plain
      ? "Write the amount in whole units, e.g. 1234"
      : "Write the amount in whole units, e.g. 1234 or 1,234";
  return plain
    ? "Write the amount as digits with at most 2 decimals, e.g. 1234 or 1234.50"
    : "Write the amount as digits with at most 2 decimals, e.g. 1234.50 or 1,234.50";
}

// A currency sign or code typed before or after the number ("$12", "CA$ 12", "12 USD", "€12").
const SIGN = /^(?:[A-Z]{0,3}\$|[€£¥]|[A-Z]{3}\s)\s*|\s*(?:\s[A-Z]{3}|\$)$/i;
const PLAIN = /^\d+(?:\.\d+)?$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

export type AmountResult = { ok: true; minor: number } | { ok: false; error: string };

/**
 * A typed amount in minor units (cents): "1,234.50", "$12", "12 USD" are understood; anything else
 * (a negative, letters, a comma in the wrong place, too many decimals, above AMOUNT_MAX) is refused
 * with a message saying how to write it. Zero is refused unless `allowZero`. `plain` takes digits
 * and a point only, as the /api contract writes a house's price ("850", "849.99"; never "1,000").
 */
export function parseAmount(
  input: string,
  currency: string,
  { allowZero = false, plain = false } = {},
): AmountResult {
  const digits = currencyDigits(currency);
  const hint = amountHint(currency, plain);
  const text = plain ? input.trim() : input.trim().replace(SIGN, "").trim();
  if (text === "") return { ok: false, error: `Enter an amount. ${hint}.` };
  if (!PLAIN.test(text) && (plain || !GROUPED.test(text))) return { ok: false, error: `${hint}.` };
  const [whole, fraction = ""] = text.replace(/,/g, "").split(".");
  if (fraction.length > digits) {
    return {
      ok: false,
      error: digits === 0 ? `${currency} has no decimals. ${hint}.` : `At most 2 decimals. ${hint}.`,
    };
  }
  if (whole.length > 7) return { ok: false, error: tooMuch(currency) };
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  if (minor > AMOUNT_MAX * 10 ** digits) return { ok: false, error: tooMuch(currency) };
  if (minor === 0 && !allowZero) return { ok: false, error: `The amount must be more than 0. ${hint}.` };
  return { ok: true, minor };
}

const tooMuch = (currency: string) =>
  `The amount must be at most ${formatMoney(AMOUNT_MAX * 10 ** currencyDigits(currency), currency)}.`;

const formats = new Map<string, Intl.NumberFormat>();

/**
 * Minor units as the currency is written: 123450 USD → "$1,234.50", 1200 JPY → "¥1,200"; `whole`
 * rounds to whole units for an estimate ("$850 for the stay, about $85 each").
 */
export function formatMoney(minor: number, currency: string, { whole = false } = {}): string {
  const key = whole ? `${currency} whole` : currency;
  let format = formats.get(key);
  if (!format) {
    // Made once per currency: making one costs far more than using it.
    const digits = whole ? 0 : currencyDigits(currency);
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format.format(toMajor(minor, currency));
}

/** Minor units as a number of major units, for the /api contract: 84999 USD → 849.99. */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

/** Minor units as a plain decimal for a form field or a CSV: 123450 → "1234.50". */
export function minorToText(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10 ** digits;
  return `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(digits, "0")}`;
}
