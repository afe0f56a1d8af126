import { priceText } from "~/features/houses/lib/money";

/** The stay's price with what each pays for the expected group; nothing while the price is unknown. */
export function PriceNote({
  house,
  expected,
}: {
  house: { priceMinor: number | null; currency: string };
  expected: { expectedMin: number; expectedMax: number };
}) {
  const text = priceText(house, expected);
  return text ? <p className="house-price">{text}</p> : null;
}
