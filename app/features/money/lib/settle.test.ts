import { describe, expect, it } from "vitest";
import { balancesByCurrency, type LedgerEntry } from "~/features/money/lib/ledger";
import {
  mayDecide,
  owedBetween,
  recordedStatus,
  settleUp,
  unbalanced,
  settleUpApart,
  waitingBetween,
} from "~/features/money/lib/settle";
import { splitByWeights } from "~/features/money/lib/shares";
import { random } from "../../../../tests/support/random";

describe("settleUp", () => {
  it("matches the largest debtor with the largest creditor", () => {
    const balances = new Map([
      [1, 3000],
      [2, -1000],
      [3, -2000],
      [4, 0],
    ]);
    expect(settleUp(balances)).toEqual([
      { from: 3, to: 1, amount: 2000 },
      { from: 2, to: 1, amount: 1000 },
    ]);
    expect(settleUp(new Map())).toEqual([]);
  });

  it("pays off exact opposite balances first: an 8-player case settles in 6 where the greedy rule takes 7", () => {
    // $10 units: Bo's 40 and Cy's −40 settle with one transfer; greedy would pay Cy's 40 into Hal's 240.
    const units = [-4, 4, -9, -3, -9, 5, -8, 24];
    const balances = new Map(units.map((unit, index) => [index + 1, unit * 1000]));
    const transfers = settleUp(balances);
    expect(transfers).toHaveLength(6);
    expect(transfers[0]).toEqual({ from: 1, to: 2, amount: 4000 });
    const after = new Map(balances);
    for (const t of transfers) {
      after.set(t.from, after.get(t.from)! + t.amount);
      after.set(t.to, after.get(t.to)! - t.amount);
    }
    expect([...after.values()].every((amount) => amount === 0)).toBe(true);
  });

  it("settles nothing of balances that do not add up to zero, and says by how much they are off", () => {
    expect(settleUp(new Map([[1, 5]]))).toEqual([]);
    expect(
      unbalanced(
        new Map([
          [1, 5],
          [2, -3],
        ]),
      ),
    ).toBe(2);
    expect(
      unbalanced(
        new Map([
          [1, 5],
          [2, -5],
        ]),
      ),
    ).toBe(0);
  });

  it("zeroes every balance in at most people − 1 transfers per currency (300 generated ledgers)", () => {
    const next = random(2025);
    const currencies = ["USD", "CAD", "MXN"];
    for (let run = 0; run < 300; run++) {
      const people = 2 + Math.floor(next() * 12);
      const entries: LedgerEntry[] = [];
      for (let e = 0; e < 1 + Math.floor(next() * 15); e++) {
        const currency = currencies[Math.floor(next() * currencies.length)];
        const amount = 1 + Math.floor(next() * 500_000);
        const sharing = Array.from({ length: people }, (_, id) => ({ id, weight: Math.floor(next() * 300) }));
        if (sharing.every((s) => s.weight === 0)) sharing[0].weight = 100;
        if (next() < 0.2) {
          entries.push({ kind: "transfer", currency, from: 0, to: people - 1, amount });
        } else {
          const shares = splitByWeights(amount, sharing);
          entries.push({ kind: "expense", currency, paidBy: Math.floor(next() * people), amount, shares });
        }
      }
      for (const [currency, balances] of balancesByCurrency(entries)) {
        const transfers = settleUp(balances);
        const involved = [...balances.values()].filter((amount) => amount !== 0).length;
        expect(transfers.length).toBeLessThanOrEqual(Math.max(0, involved - 1));
        expect(transfers.every((t) => t.amount > 0 && t.from !== t.to)).toBe(true);
        // Recording every transfer as paid brings every balance to zero.
        const after = balancesByCurrency([
          ...entries.filter((entry) => entry.currency === currency),
          ...transfers.map((t): LedgerEntry => ({ kind: "transfer", currency, ...t })),
        ]).get(currency)!;
        expect([...after.values()].every((amount) => amount === 0)).toBe(true);
        expect(settleUp(balances)).toEqual(transfers);
      }
    }
  });
});

describe("balancesByCurrency", () => {
  it("keeps each currency apart", () => {
    const balances = balancesByCurrency([
      {
        kind: "expense",
        currency: "USD",
        paidBy: 1,
        amount: 900,
        shares: new Map([
          [1, 300],
          [2, 300],
          [3, 300],
        ]),
      },
      {
        kind: "expense",
        currency: "MXN",
        paidBy: 2,
        amount: 100,
        shares: new Map([
          [1, 50],
          [2, 50],
        ]),
      },
      { kind: "transfer", currency: "USD", from: 2, to: 1, amount: 300 },
    ]);
    expect(Object.fromEntries(balances.get("USD")!)).toEqual({ 1: 300, 2: 0, 3: -300 });
    expect(Object.fromEntries(balances.get("MXN")!)).toEqual({ 1: -50, 2: 50 });
  });
});

describe("recording a settle-up transfer", () => {
  const sides = { from: 1, to: 2 };
  it("confirms the receiving side's word and an organiser's record of two others, reports the payer's", () => {
    expect(recordedStatus(sides, { id: 2, organiser: false })).toBe("confirmed");
    expect(recordedStatus(sides, { id: 1, organiser: false })).toBe("reported");
    expect(recordedStatus(sides, { id: 1, organiser: true })).toBe("reported");
    expect(recordedStatus(sides, { id: 3, organiser: true })).toBe("confirmed");
    expect(recordedStatus(sides, { id: 3, organiser: false })).toBeNull();
  });

  it("lets the receiver or an organiser decide, never the payer", () => {
    expect(mayDecide(sides, { id: 2, organiser: false })).toBe(true);
    expect(mayDecide(sides, { id: 3, organiser: true })).toBe(true);
    expect(mayDecide(sides, { id: 1, organiser: true })).toBe(false);
    expect(mayDecide(sides, { id: 1, organiser: false })).toBe(false);
    expect(mayDecide(sides, { id: 3, organiser: false })).toBe(false);
  });

  it("limits a record to settle-up's transfer between the two, less what already waits", () => {
    const transfers = [
      { from: 1, to: 2, amount: 3000 },
      { from: 4, to: 2, amount: 500 },
    ];
    expect(owedBetween(transfers, sides, 0)).toBe(3000);
    expect(owedBetween(transfers, sides, 1000)).toBe(2000);
    expect(owedBetween(transfers, sides, 5000)).toBe(0);
    expect(owedBetween(transfers, { from: 2, to: 1 }, 0)).toBe(0);
    expect(owedBetween([], sides, 0)).toBe(0);
  });

  it("counts as waiting the payer's reported payments to that receiver in that currency, house-share ones too", () => {
    const payment = {
      kind: "settle",
      status: "reported",
      fromUserId: 1,
      toUserId: 2,
      currency: "USD",
      amount: 100,
    };
    const payments = [
      payment,
      { ...payment, amount: 20 },
      { ...payment, status: "confirmed" },
      { ...payment, status: "rejected" },
      { ...payment, kind: "share", amount: 6429 },
      { ...payment, currency: "CAD" },
      { ...payment, fromUserId: 3 },
      { ...payment, fromUserId: 2, toUserId: 1 },
    ];
    expect(waitingBetween(payments, sides, "USD")).toBe(120 + 6429);
    expect(waitingBetween(payments, sides, "MXN")).toBe(0);
    // Once CAD settles in USD at the organiser's rate, the CA$1.00 reported before counts, converted.
    expect(waitingBetween(payments, sides, "USD", new Map([["CAD", "0.73"]]))).toBe(120 + 6429 + 73);
  });
});

describe("settleUpApart", () => {
  const total = (
    transfers: readonly { from: number; to: number; amount: number }[],
    balances: Map<number, number>,
  ) => {
    const left = new Map(balances);
    for (const t of transfers) {
      left.set(t.from, (left.get(t.from) ?? 0) + t.amount);
      left.set(t.to, (left.get(t.to) ?? 0) - t.amount);
    }
    return [...left.values()].every((amount) => amount === 0);
  };

  it("settles the members among themselves first and leaves the former member's balance apart", () => {
    // 9 left, owed 18536 (they paid a deposit); 1 is owed 30000; 2 and 3 owe.
    const balances = new Map([
      [1, 30_000],
      [2, -25_000],
      [3, -23_536],
      [9, 18_536],
    ]);
    const { among, former } = settleUpApart(balances, new Set([9]));
    expect(among.every((t) => t.from !== 9 && t.to !== 9)).toBe(true);
    expect(former.every((t) => t.from === 9 || t.to === 9)).toBe(true);
    expect(former.reduce((sum, t) => sum + (t.to === 9 ? t.amount : -t.amount), 0)).toBe(18_536);
    expect(total([...among, ...former], balances)).toBe(true);
  });

  it("shares the former side out over several former members, and is plain settle-up without one", () => {
    const balances = new Map([
      [1, 10_000],
      [2, -4_000],
      [8, -9_000],
      [9, 3_000],
    ]);
    const { among, former } = settleUpApart(balances, new Set([8, 9]));
    expect(among.every((t) => t.from < 8 && t.to < 8)).toBe(true);
    expect(former.every((t) => t.from >= 8 || t.to >= 8)).toBe(true);
    expect(total([...among, ...former], balances)).toBe(true);
    expect(settleUpApart(balances, new Set())).toEqual({ among: settleUp(balances), former: [] });
  });
});
