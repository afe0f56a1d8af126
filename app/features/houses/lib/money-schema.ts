import { z } from "zod";
import { CURRENCY_MESSAGE, amountHint, minorToText, parseAmount, readCurrency } from "~/platform/lib/amount";

// Apart from money.ts so the pages that only show a price never bring zod into the browser.

// The /api contract's price: digits and a point only ("850", "849.99"), 0 allowed (a free stay).
const PRICE_RULES = { plain: true, allowZero: true };

const NOT_AN_AMOUNT = `${amountHint("USD", true)}.`;

/** Text as sent (a JSON number as its digits); null when the price is unknown (empty or null). */
function priceInput(value: unknown): unknown {
  if (value === "" || value === null) return null;
  return typeof value === "number" && Number.isFinite(value) ? String(value) : value;
}

/**
 * A price that reads as an amount, kept as its text until its currency is known: the same rules as
 * every amount (app/platform/lib/amount.ts), checked here in a two-decimal currency so that a bad
 * price is named beside the other fields; readPrice then reads it in the house's own currency.
 */
const price = z.unknown().transform((value, ctx): string | null => {
  const text = priceInput(value);
  if (text === null) return null;
  const read = typeof text === "string" ? parseAmount(text, "USD", PRICE_RULES) : null;
  if (read?.ok) return (text as string).trim();
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: read && !read.ok ? read.error : NOT_AN_AMOUNT });
  return z.NEVER;
});

const currency = z
  .string({ invalid_type_error: CURRENCY_MESSAGE })
  .trim()
  .toUpperCase()
  .refine((code) => readCurrency(code) !== null, CURRENCY_MESSAGE);

/** The optional price of a house (empty or null: unknown) and its ISO 4217 currency (0 or 2 decimals). */
export const priceFields = { price, currency };

export type PriceResult = { ok: true; priceMinor: number | null } | { ok: false; error: string };

/** A checked price text (null: unknown) in minor units of `currency`: "850.50" USD is 85050. */
export function readPrice(text: string | null, code: string): PriceResult {
  if (text === null) return { ok: true, priceMinor: null };
  const read = parseAmount(text, code, PRICE_RULES);
  return read.ok ? { ok: true, priceMinor: read.minor } : read;
}

/** The price and currency as one form part (the organiser's house edit), the price in minor units. */
export const priceSchema = z.object(priceFields).transform((value, ctx) => {
  const read = readPrice(value.price, value.currency);
  if (read.ok) return { priceMinor: read.priceMinor, currency: value.currency };
  ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: read.error });
  return z.NEVER;
});

/**
 * The organiser's change to a price, read in the currency the house will have. A new currency alone
 * keeps the amount (850.00 USD becomes ¥850); one it cannot be written in (849.99 in yen) is refused.
 */
export function priceChange(
  change: { price?: string | null; currency?: string },
  stored: { priceMinor: number | null; currency: string },
): { ok: true; change: { priceMinor?: number | null; currency?: string } } | { ok: false; error: string } {
  const code = change.currency ?? stored.currency;
  const currency = change.currency === undefined ? {} : { currency: change.currency };
  let text = change.price;
  if (text === undefined && code !== stored.currency && stored.priceMinor !== null) {
    text = minorToText(stored.priceMinor, stored.currency).replace(/\.0+$/, "");
  }
  if (text === undefined) return { ok: true, change: currency };
  const read = readPrice(text, code);
  return read.ok ? { ok: true, change: { ...currency, priceMinor: read.priceMinor } } : read;
}
