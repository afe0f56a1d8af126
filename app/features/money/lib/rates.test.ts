import { describe, expect, it } from "vitest";
import { computeMoney, type LedgerPayment, type MoneyInput } from "~/features/money/lib/money";
import {
  convertAmount,
  convertBalances,
  foldBalances,
  parseRate,
  readRates,
  writeRates,
} from "~/features/money/lib/rates";
import { unbalanced } from "~/features/money/lib/settle";
import { splitEqually } from "~/features/money/lib/shares";
import { random } from "../../../../tests/support/random";

const sum = (balances: Map<number, number>) => unbalanced(balances);

describe("parseRate", () => {
  it("reads a rate as its plain text", () => {
    expect(parseRate("0.054")).toBe("0.054");
    expect(parseRate(" 0,0540 ")).toBe("0.054");
    expect(parseRate("1.360000")).toBe("1.36");
    expect(parseRate("150")).toBe("150");
    expect(parseRate("0.000001")).toBe("0.000001");
  });

  it("refuses what is no rate", () => {
    for (const bad of ["", "0", "0.0000001", "-1", "1e3", "abc", "1.2.3", "2,000.5", "1000001", ".5"])
      expect(parseRate(bad), bad).toBeNull();
  });

  it("keeps rates as text and reads them back, skipping a damaged piece", () => {
    const rates = new Map([
      ["MXN", "0.054"],
      ["CAD", "0.73"],
    ]);
    expect(writeRates(rates)).toBe("CAD=0.73 MXN=0.054");
    expect(readRates("CAD=0.73 MXN=0.054")).toEqual(rates);
    expect(readRates("CAD=0.73 MXN=zero usd=1 ")).toEqual(new Map([["CAD", "0.73"]]));
    expect(readRates("")).toEqual(new Map());
  });
});

describe("convertAmount", () => {
  it("converts to the nearest cent, across currencies with and without cents", () => {
    expect(convertAmount(120_000, "MXN", "USD", "0.054")).toBe(6_480);
    expect(convertAmount(1_001, "MXN", "USD", "0.054")).toBe(54); // 54.054 cents
    expect(convertAmount(1_010, "MXN", "USD", "0.05")).toBe(51); // 50.5 cents: half away from zero
    expect(convertAmount(-1_010, "MXN", "USD", "0.05")).toBe(-51);
    expect(convertAmount(1_000, "JPY", "USD", "0.0067")).toBe(670); // ¥1,000 → $6.70
    expect(convertAmount(1_000, "USD", "JPY", "150")).toBe(1_500); // $10.00 → ¥1,500
  });
});

describe("convertBalances", () => {
  it("converts balances that add up to zero into balances that still do", () => {
    // Three people owe a third each of 100 pesos: the thirds do not convert to whole cents.
    const balances = new Map([
      [1, 6_666],
      [2, -3_333],
      [3, -3_333],
    ]);
    const converted = convertBalances(balances, "MXN", "USD", "0.054");
    expect(sum(converted)).toBe(0);
    expect(converted).toEqual(
      new Map([
        [1, 360],
        [2, -180],
        [3, -180],
      ]),
    );
  });

  it("never loses or makes a cent, in generated ledgers at generated rates", () => {
    const next = random(34);
    const codes = [
      ["MXN", "USD"],
      ["JPY", "EUR"],
      ["USD", "JPY"],
      ["CAD", "USD"],
    ] as const;
    for (let round = 0; round < 500; round++) {
      const people = 2 + Math.floor(next() * 12);
      const balances = new Map<number, number>();
      let total = 0;
      for (let id = 1; id < people; id++) {
        const amount = Math.floor((next() - 0.5) * 2_000_000);
        balances.set(id, amount);
        total += amount;
      }
      balances.set(people, -total);
      const [from, to] = codes[round % codes.length]!;
      const rate = parseRate((next() * 200).toFixed(1 + Math.floor(next() * 6)).replace(/^0\.0+$/, "1"))!;
      const converted = convertBalances(balances, from, to, rate);
      expect(sum(converted), `${from}→${to} at ${rate}`).toBe(0);
      for (const [id, amount] of balances) {
        // Each person is within one minor unit of their exact amount.
        const shown = convertAmount(amount, from, to, rate);
        expect(Math.abs(converted.get(id)! - shown)).toBeLessThanOrEqual(1);
      }
    }
  });
});

const member = (id: number, name: string) => ({
  id,
  name,
  attending: "yes",
  guests: { boo: false, child: false },
  included: null,
  weight: null,
});

const expense = (id: number, amount: number, currency: string, paidBy: number, ids: number[]) => ({
  id,
  amount,
  currency,
  paidBy,
  shares: [...splitEqually(amount, ids)].map(([userId, share]) => ({
    userId,
    amount: share,
    status: "counts" as const,
  })),
  deleted: false,
});

/** A trip in three currencies: the house in USD, a peso dinner, a Canadian ferry. */
function trip(rates?: Map<string, string>, payments: LedgerPayment[] = []): MoneyInput {
  return {
    house: { title: "Lodge", total: 100_001, currency: "USD" },
    receiverId: 1,
    childWeight: 50,
    deposit: { kind: "none" },
    dates: { deposit: null, balance: null },
    members: [member(1, "Alex"), member(2, "Bo"), member(3, "Cy")],
    payments,
    expenses: [
      expense(1, 100_000, "MXN", 2, [1, 2, 3]),
      expense(2, 10_001, "CAD", 3, [1, 2, 3]),
      expense(3, 3_333, "MXN", 1, [2, 3]),
    ],
    rates,
  };
}

const RATES = new Map([
  ["MXN", "0.054321"],
  ["CAD", "0.7311"],
]);

describe("computeMoney with the organiser's rates", () => {
  it("without rates, settles each currency on its own as before", () => {
    const money = computeMoney(trip());
    expect([...money.settleBalances.keys()]).toEqual(["USD", "MXN", "CAD"]);
    expect(money.settleBalances).toEqual(money.balances);
    expect([...money.transfers.keys()]).toEqual(["USD", "MXN", "CAD"]);
    expect(money.folded.size).toBe(0);
  });

  it("settles a trip in three currencies in one, summing to zero to the cent", () => {
    const money = computeMoney(trip(RATES));
    expect([...money.settleBalances.keys()]).toEqual(["USD"]);
    expect(money.folded).toEqual(RATES);
    const usd = money.settleBalances.get("USD")!;
    expect(sum(usd)).toBe(0);
    // Each currency's balances keep their own amounts: the ledger is not rewritten.
    expect(sum(money.balances.get("MXN")!)).toBe(0);
    expect(money.balances.get("MXN")!.get(2)).toBe(100_000 - 33_333 - 1_667);
    // The transfers bring the one currency to zero.
    const after = new Map(usd);
    for (const t of money.transfers.get("USD")!) {
      after.set(t.from, after.get(t.from)! + t.amount);
      after.set(t.to, after.get(t.to)! - t.amount);
    }
    expect([...after.values()].every((amount) => amount === 0)).toBe(true);
    expect(money.transfers.has("MXN")).toBe(false);
  });

  it("asks nothing of anyone's house share once the one settle-up is recorded (one truth)", () => {
    const input = trip(RATES);
    let id = 1;
    const recorded = computeMoney(input)
      .transfers.get("USD")!
      .map((t): LedgerPayment => ({ id: id++, ...t, currency: "USD", kind: "settle", status: "confirmed" }));
    const after = computeMoney({ ...input, payments: recorded });
    expect(after.lines.size).toBe(3);
    for (const line of after.lines.values()) expect(line).toMatchObject({ due: 0, next: null });
  });

  it("folds only the currencies with a rate; the others settle on their own", () => {
    const money = computeMoney(trip(new Map([["MXN", "0.05"]])));
    expect([...money.settleBalances.keys()]).toEqual(["USD", "CAD"]);
    expect(money.settleBalances.get("CAD")).toEqual(money.balances.get("CAD"));
    expect(sum(money.settleBalances.get("USD")!)).toBe(0);
  });

  it("a changed rate changes the suggestions, never a recorded payment", () => {
    const first = computeMoney(trip(RATES));
    let id = 1;
    const recorded = first.transfers
      .get("USD")!
      .map((t): LedgerPayment => ({ id: id++, ...t, currency: "USD", kind: "settle", status: "confirmed" }));
    const settled = computeMoney(trip(RATES, recorded));
    expect(settled.transfers.get("USD")).toEqual([]);
    const moved = computeMoney(trip(new Map([...RATES, ["MXN", "0.06"]]), recorded));
    // The payments are still what was recorded; only what is left to settle moved.
    expect(moved.entries.filter((e) => e.kind === "transfer")).toEqual(
      recorded.map((p) => ({ kind: "transfer", currency: "USD", from: p.from, to: p.to, amount: p.amount })),
    );
    expect(moved.transfers.get("USD")!.length).toBeGreaterThan(0);
    expect(sum(moved.settleBalances.get("USD")!)).toBe(0);
  });

  it("keeps a damaged currency apart, unconverted and without transfers", () => {
    const damaged = new Map([
      ["USD", new Map([[1, 0]])],
      [
        "MXN",
        new Map([
          [1, 500],
          [2, -400],
        ]),
      ],
    ]);
    const { balances, folded } = foldBalances(damaged, "USD", RATES);
    expect(folded.size).toBe(0);
    expect(balances.get("MXN")).toEqual(damaged.get("MXN"));
  });
});
