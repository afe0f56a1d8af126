import { formatMoney } from "~/platform/lib/amount";

type Priced = { priceMinor: number | null; currency: string };

/**
 * The stay's price and what each pays, split over the middle of the expected group, in whole units:
 * "$850 for the stay, about $85 each for 8–12". Null when the price is unknown.
 */
export function priceText(
  house: Priced,
  expected: { expectedMin: number; expectedMax: number },
): string | null {
  if (house.priceMinor === null) return null;
  const { expectedMin: min, expectedMax: max } = expected;
  const each = house.priceMinor / ((min + max) / 2);
  const group = min === max ? String(min) : `${min}–${max}`;
  const whole = { whole: true };
  return `${formatMoney(house.priceMinor, house.currency, whole)} for the stay, about ${formatMoney(each, house.currency, whole)} each for ${group}`;
}

/** Only the per-person estimate, for tables and the CSV: "about $85 each for 8–12". */
export function eachText(house: Priced, expected: { expectedMin: number; expectedMax: number }): string {
  return priceText(house, expected)?.replace(/^.* for the stay, /, "") ?? "";
}
