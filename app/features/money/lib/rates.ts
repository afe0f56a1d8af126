import { currencyDigits } from "~/platform/lib/amount";
import type { Balances } from "~/features/money/lib/settle";

/**
 * The organiser's fixed exchange rates (issue 57 item 2, decision 034): "1 MXN = 0.054 USD", typed,
 * never fetched. A rate is an exact decimal kept as text, read as an integer of millionths: no float
 * ever touches money. Each rate says what one unit of a currency is worth in the trip's main currency
 * (the house's).
 */
export const RATE_DECIMALS = 6;
const SCALE = 10n ** BigInt(RATE_DECIMALS);
/** The most one rate may be (1 unit = 1,000,000 of the main currency): a typo guard. */
export const RATE_MAX = 1_000_000;

export const RATE_MESSAGE = "A rate is a number above 0 with at most 6 decimals, e.g. 0.054 or 1.36";

/** A typed rate ("0,054", " 1.360 ") as its plain text ("0.054", "1.36"); null when it is none. */
export function parseRate(input: string): string | null {
  const text = input.trim().replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,6})?$/.test(text)) return null;
  const micro = toMicro(text);
  if (micro <= 0n || micro > BigInt(RATE_MAX) * SCALE) return null;
  return fromMicro(micro);
}

function toMicro(text: string): bigint {
  const [whole, fraction = ""] = text.split(".");
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(RATE_DECIMALS, "0"));
}

function fromMicro(micro: bigint): string {
  const whole = micro / SCALE;
  const fraction = String(micro % SCALE)
    .padStart(RATE_DECIMALS, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Rates as stored: "CAD=0.73 MXN=0.054", sorted by code. */
export function writeRates(rates: ReadonlyMap<string, string>): string {
  return [...rates]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([code, rate]) => `${code}=${rate}`)
    .join(" ");
}

/** The stored text back as rates; a piece that is no code and rate is skipped (never guessed). */
export function readRates(stored: string): Map<string, string> {
  const rates = new Map<string, string>();
  for (const piece of stored.split(/\s+/)) {
    const match = /^([A-Z]{3})=(.+)$/.exec(piece);
    const rate = match ? parseRate(match[2]!) : null;
    if (match && rate) rates.set(match[1]!, rate);
  }
  return rates;
}

/** Floor division of BigInts (BigInt's `/` truncates toward zero). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** `minor` of `from` in `to` at `rate`, as an exact fraction numerator / denominator of `to`'s minor units. */
function exact(minor: number, from: string, to: string, rate: string) {
  return {
    numerator: BigInt(minor) * toMicro(rate) * 10n ** BigInt(currencyDigits(to)),
    denominator: SCALE * 10n ** BigInt(currencyDigits(from)),
  };
}

/** One amount converted, rounded to the nearest minor unit (half away from zero): what is shown beside it. */
export function convertAmount(minor: number, from: string, to: string, rate: string): number {
  const { numerator, denominator } = exact(Math.abs(minor), from, to, rate);
  const rounded = Number(floorDiv(2n * numerator + denominator, 2n * denominator));
  return minor < 0 ? -rounded : rounded;
}

/**
 * Balances of one currency converted at `rate`, to the minor unit, without losing or making one:
 * each person gets the floor of their exact amount, and the units the floors leave short of the
 * rounded total go one each to the largest remainders, ties to the lower id. Balances that add up to
 * zero still do.
 */
export function convertBalances(balances: Balances, from: string, to: string, rate: string): Balances {
  const parts = [...balances]
    .sort(([a], [b]) => a - b)
    .map(([id, minor]) => {
      const { numerator, denominator } = exact(minor, from, to, rate);
      const floor = floorDiv(numerator, denominator);
      return { id, floor, rest: numerator - floor * denominator, denominator };
    });
  if (parts.length === 0) return new Map();
  const { denominator } = parts[0]!;
  const sum = parts.reduce((acc, part) => acc + part.floor * denominator + part.rest, 0n);
  const target = floorDiv(2n * sum + denominator, 2n * denominator);
  let left = Number(target - parts.reduce((acc, part) => acc + part.floor, 0n));
  const byRest = [...parts].sort((a, b) => (a.rest === b.rest ? a.id - b.id : a.rest > b.rest ? -1 : 1));
  for (const part of byRest) {
    if (left === 0) break;
    part.floor += 1n;
    left -= 1;
  }
  return new Map(parts.map((part) => [part.id, Number(part.floor)]));
}

/**
 * The balances settle-up works from: each currency with a rate is converted into `main` and added to
 * it, the others stay apart (no rate, no mixing). A currency whose own balances do not add up to zero
 * (a damaged ledger) is never folded in: it stays apart and gets no transfers. `folded` names the
 * currencies converted, with the rate used.
 */
export function foldBalances(
  byCurrency: ReadonlyMap<string, Balances>,
  main: string,
  rates: ReadonlyMap<string, string>,
): { balances: Map<string, Balances>; folded: Map<string, string> } {
  const folded = new Map<string, string>();
  const converted: Balances[] = [];
  const apart = new Map<string, Balances>();
  for (const [code, perPerson] of byCurrency) {
    const rate = code === main ? undefined : rates.get(code);
    const sum = [...perPerson.values()].reduce((acc, amount) => acc + amount, 0);
    if (rate === undefined || sum !== 0) {
      apart.set(code, perPerson);
      continue;
    }
    folded.set(code, rate);
    converted.push(convertBalances(perPerson, code, main, rate));
  }
  if (folded.size === 0) return { balances: new Map(byCurrency), folded };
  const combined: Balances = new Map(apart.get(main) ?? []);
  for (const perPerson of converted)
    for (const [id, amount] of perPerson) combined.set(id, (combined.get(id) ?? 0) + amount);
  // The main currency first, as the one settle-up the group is asked to do; the rest in their order.
  const balances = new Map<string, Balances>([[main, combined]]);
  for (const [code, perPerson] of apart) if (code !== main) balances.set(code, perPerson);
  return { balances, folded };
}
