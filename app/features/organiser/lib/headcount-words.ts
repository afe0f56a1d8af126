import { plural } from "~/features/organiser/lib/tidy-words";

/** A house's beds or bedrooms against what the answers need, in words: "9 beds, 13 needed: 4 short". */
export function against(need: number, have: number, unit: "bed" | "bedroom"): string {
  const verdict = need <= have ? "enough" : `${need - have} short`;
  return `${plural(have, unit)}, ${need} needed: ${verdict}`;
}
