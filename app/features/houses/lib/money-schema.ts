import { z } from "zod";
import { PRICE_MAX } from "~/features/houses/lib/money";

// Apart from money.ts so the pages that only show a price never bring zod into the browser.
const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

// Number() would also read "  " as 0 and "0x10", "0b11" or "1e3" as amounts: only plain decimals
// count (the sign is let through so that "-3" gets the "0 or more" message).
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Text as a number when it is written as a plain decimal; anything else stays text (refused). */
function readPrice(value: unknown) {
  if (value === "" || value === undefined) return null;
  if (typeof value !== "string") return value;
  const text = value.trim();
  return DECIMAL.test(text) ? Number(text) : value;
}

// Whole minor units (cents): 849.99 * 100 is 84998.99999999999 in floating point, hence the margin.
const inCents = (price: number) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

/** The optional price of a house: a number of 0 or more (empty or null: unknown), in an ISO 4217 currency. */
export const priceFields = {
  price: z.preprocess(
    readPrice,
    z
      .number({ invalid_type_error: "Price must be a number" })
      .finite("Price must be a number")
      .min(0, "Price must be 0 or more")
      .max(PRICE_MAX, `Price must be at most ${PRICE_MAX}`)
      .refine(inCents, "Price must have at most two decimals")
      .nullable(),
  ),
  currency: z
    .string({ invalid_type_error: "Currency must be a three-letter code such as USD" })
    .trim()
    .toUpperCase()
    .refine((code) => CURRENCIES.has(code), "Currency must be a three-letter code such as USD"),
};

/** The price and currency as one form part (the organiser's house edit). */
export const priceSchema = z.object(priceFields);
