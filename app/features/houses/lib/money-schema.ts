import { z } from "zod";
import { PRICE_MAX } from "~/features/houses/lib/money";

// Apart from money.ts so the pages that only show a price never bring zod into the browser.
const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

/** The optional price of a house: a number of 0 or more (empty or null: unknown), in an ISO 4217 currency. */
export const priceFields = {
  price: z.preprocess(
    (value) =>
      value === "" || value === undefined ? null : typeof value === "string" ? Number(value.trim()) : value,
    z
      .number({ invalid_type_error: "Price must be a number" })
      .finite("Price must be a number")
      .min(0, "Price must be 0 or more")
      .max(PRICE_MAX, `Price must be at most ${PRICE_MAX}`)
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
