/** The most a whole stay may cost: a typo guard, not a budget. */
export const PRICE_MAX = 10_000_000;

const formats = new Map<string, Intl.NumberFormat>();

/** "$850" or "CA$1,200": whole units, the currency's own sign. */
export function formatPrice(price: number, currency: string): string {
  let format = formats.get(currency);
  if (!format) {
    // Made once per currency: making one costs far more than using it.
    format = new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 0 });
    formats.set(currency, format);
  }
  return format.format(price);
}

/**
 * The stay's price and what each pays, split over the middle of the expected group:
 * "$850 for the stay, about $85 each for 8–12". Null when the price is unknown.
 */
export function priceText(
  house: { price: number | null; currency: string },
  expected: { expectedMin: number; expectedMax: number },
): string | null {
  if (house.price === null) return null;
  const { expectedMin: min, expectedMax: max } = expected;
  const each = house.price / ((min + max) / 2);
  const group = min === max ? String(min) : `${min}–${max}`;
  return `${formatPrice(house.price, house.currency)} for the stay, about ${formatPrice(each, house.currency)} each for ${group}`;
}

/** Only the per-person estimate, for tables and the CSV: "about $85 each for 8–12". */
export function eachText(
  house: { price: number | null; currency: string },
  expected: { expectedMin: number; expectedMax: number },
): string {
  return priceText(house, expected)?.replace(/^.* for the stay, /, "") ?? "";
}
