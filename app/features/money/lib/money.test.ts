import { describe, expect, it } from "vitest";
import { computeMoney, type LedgerPayment, type MoneyInput } from "~/features/money/lib/money";
import { splitEqually } from "~/features/money/lib/shares";
import type { ShareStatus } from "~/features/money/lib/consent";
import { random } from "../../../../tests/support/random";

const member = (id: number, name: string) => ({
  id,
  name,
  attending: "yes",
  guests: { boo: false, child: false },
  included: null,
  weight: null,
});

const STATUSES: ShareStatus[] = ["counts", "counts", "open", "waiting", "refused", "removed"];

function trip(payments: LedgerPayment[], expenses: MoneyInput["expenses"] = []): MoneyInput {
  return {
    house: { title: "Lodge", total: 100_000, currency: "USD" },
    receiverId: 1,
    childWeight: 50,
    deposit: { kind: "percent", percent: 25 },
    dates: { deposit: "2025-06-01", balance: "2025-08-01" },
    members: [member(1, "Alex"), member(2, "Bo"), member(3, "Cy"), member(4, "Di")],
    payments,
    expenses,
  };
}

/** Every transfer settle-up suggests, recorded as confirmed settle-up payments. */
function settleAll(input: MoneyInput): MoneyInput {
  const money = computeMoney(input);
  let id = 1000;
  const recorded = [...money.transfers].flatMap(([currency, transfers]) =>
    transfers.map((t): LedgerPayment => ({ id: id++, ...t, currency, kind: "settle", status: "confirmed" })),
  );
  return { ...input, payments: [...input.payments, ...recorded] };
}

describe("computeMoney's lines read the balances (one truth)", () => {
  it("asks nothing of anyone once settle-up's transfers are recorded, whoever the money went to", () => {
    // Bo paid a dinner for everyone: settle-up routes Cy's debt partly to Bo, not the receiver.
    const dinner = {
      id: 1,
      amount: 40_000,
      currency: "USD",
      paidBy: 2,
      shares: [...splitEqually(40_000, [1, 2, 3, 4])].map(([userId, amount]) => ({
        userId,
        amount,
        status: "counts" as const,
      })),
      deleted: false,
    };
    const before = computeMoney(trip([], [dinner]));
    expect(before.lines.get(3)).toMatchObject({ share: 25_000, reached: 0, owed: 35_000, due: 25_000 });
    const after = computeMoney(settleAll(trip([], [dinner])));
    for (const line of after.lines.values()) expect(line).toMatchObject({ next: null, due: 0, owed: 0 });
    // A settle-up transfer to the receiver counts toward the house share.
    expect(after.lines.get(4)!.reached).toBeGreaterThan(0);
  });

  it("reads an overpayer as owed, not as due or refunded, and settled once the refund is recorded", () => {
    const over: LedgerPayment = {
      id: 1,
      from: 2,
      to: 1,
      amount: 40_000,
      currency: "USD",
      kind: "share",
      status: "confirmed",
    };
    const line = computeMoney(trip([over])).lines.get(2)!;
    expect(line).toMatchObject({ reached: 40_000, owed: 0, due: 0, next: null });
    expect(
      computeMoney(trip([over]))
        .balances.get("USD")!
        .get(2),
    ).toBe(15_000);
    const settled = computeMoney(settleAll(trip([over])));
    expect([...settled.balances.get("USD")!.values()].every((amount) => amount === 0)).toBe(true);
    for (const each of settled.lines.values()) expect(each.next).toBeNull();
  });

  it("leaves no line due after settling 200 generated trips", () => {
    const next = random(27);
    for (let run = 0; run < 200; run++) {
      const expenses = Array.from({ length: Math.floor(next() * 6) }, (_, index) => {
        const amount = 1 + Math.floor(next() * 90_000);
        const sharers = [1, 2, 3, 4].filter(() => next() < 0.7);
        const ids = sharers.length ? sharers : [1 + Math.floor(next() * 4)];
        return {
          id: index + 1,
          amount,
          currency: next() < 0.3 ? "MXN" : "USD",
          paidBy: 1 + Math.floor(next() * 4),
          shares: [...splitEqually(amount, ids)].map(([userId, part]) => ({
            userId,
            amount: part,
            // Some shares wait or were refused: the balances must still add up (decision 030).
            status: STATUSES[Math.floor(next() * STATUSES.length)],
          })),
          deleted: false,
        };
      });
      const payments = Array.from({ length: Math.floor(next() * 4) }, (_, index): LedgerPayment => ({
        id: 100 + index,
        from: 2 + Math.floor(next() * 3),
        to: 1,
        amount: 1 + Math.floor(next() * 40_000),
        currency: "USD",
        kind: "share",
        status: next() < 0.8 ? "confirmed" : "reported",
      }));
      expect(computeMoney(trip(payments, expenses)).unbalanced.size).toBe(0);
      const settled = computeMoney(settleAll(trip(payments, expenses)));
      for (const line of settled.lines.values()) expect(line.next).toBeNull();
    }
  });
});

describe("computeMoney counts a share only with its sharer's consent", () => {
  const boat = (status: ShareStatus) => ({
    id: 1,
    amount: 99_999_900,
    currency: "USD",
    paidBy: 2,
    shares: [
      { userId: 1, amount: 99_999_800, status },
      { userId: 2, amount: 100, status: "counts" as const },
    ],
    deleted: false,
  });

  it("leaves a waiting, refused or removed share out, and the payer's credit for it", () => {
    const before = computeMoney(trip([])).balances.get("USD");
    for (const status of ["waiting", "refused", "removed"] as const) {
      // Bo's own share counts against Bo's own payment: nothing moves.
      expect(computeMoney(trip([], [boat(status)])).balances.get("USD")).toEqual(before);
    }
  });

  it("counts an open or accepted share", () => {
    for (const status of ["open", "counts"] as const) {
      const money = computeMoney(trip([], [boat(status)]));
      expect(money.balances.get("USD")!.get(2)).toBe(99_999_800 - 25_000);
      expect(money.unbalanced.size).toBe(0);
    }
  });
});
