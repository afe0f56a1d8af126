/**
 * Weights are kept in hundredths (1 → 100, 0.5 → 50) so shares are integer arithmetic throughout.
 * WEIGHT_MAX is the most one payer may weigh (10).
 */
export const WEIGHT_SCALE = 100;
export const WEIGHT_MAX = 10 * WEIGHT_SCALE;

export const CHILD_WEIGHTS = [0, 50, 100] as const;

export type Weighted = { id: number; weight: number };

/**
 * Splits `total` minor units over `people` in proportion to their weights, exactly: each gets the
 * floor of their exact part, and the cents left over go one each to the largest fractional parts,
 * ties broken by the order `people` is given in (the payers' list order). The result always adds up
 * to `total`; a weight of 0 gets 0. Throws when every weight is 0 (nobody to share it).
 */
export function splitByWeights(total: number, people: readonly Weighted[]): Map<number, number> {
  const sum = people.reduce((acc, person) => acc + person.weight, 0);
  if (!Number.isSafeInteger(total) || total < 0) throw new Error("The total must be whole minor units");
  if (people.some((person) => !Number.isInteger(person.weight) || person.weight < 0)) {
    throw new Error("Weights must be whole hundredths of 0 or more");
  }
  if (sum === 0) throw new Error("Nobody shares this amount");
  // BigInt: total × weight can pass 2^53 for the largest totals and weight sums.
  const big = BigInt(total);
  const bigSum = BigInt(sum);
  const parts = people.map((person, order) => {
    const exact = big * BigInt(person.weight);
    return { id: person.id, order, floor: Number(exact / bigSum), rest: exact % bigSum };
  });
  let left = total - parts.reduce((acc, part) => acc + part.floor, 0);
  const byRest = [...parts].sort((a, b) =>
    a.rest === b.rest ? a.order - b.order : a.rest > b.rest ? -1 : 1,
  );
  for (const part of byRest) {
    if (left === 0) break;
    part.floor += 1;
    left -= 1;
  }
  return new Map(parts.map((part) => [part.id, part.floor]));
}

/** An equal split is a split by equal weights. */
export function splitEqually(total: number, ids: readonly number[]): Map<number, number> {
  return splitByWeights(
    total,
    ids.map((id) => ({ id, weight: 1 })),
  );
}

/** "1", "0.5", "0,5", "1.25" → hundredths; null when it is not a number from 0 to 10 with ≤ 2 decimals. */
export function parseWeight(input: string): number | null {
  const text = input.trim().replace(",", ".");
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  const value = Number(whole) * WEIGHT_SCALE + Number(fraction.padEnd(2, "0"));
  return value <= WEIGHT_MAX ? value : null;
}

export const WEIGHT_MESSAGE = "A weight is a number from 0 to 10, e.g. 1 or 0.5";

/** Hundredths as a short number: 150 → "1.5", 100 → "1". */
export function formatWeight(hundredths: number): string {
  return String(hundredths / WEIGHT_SCALE);
}

/** The default weight of a member: 1, plus 1 for a boo, plus the edition's child weight. */
export { defaultWeight } from "~/platform/lib/payer-weight";
