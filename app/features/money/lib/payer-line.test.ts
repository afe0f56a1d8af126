import { describe, expect, it } from "vitest";
import { instructionParts } from "~/features/money/lib/money-text";
import { payerLine } from "~/features/money/lib/payer-line";

describe("payerLine", () => {
  const dates = { deposit: "2025-06-01", balance: "2025-08-01" };
  it("asks for the deposit first, then the rest, and reads an overpayment as negative", () => {
    const deposit = { kind: "percent", percent: 25 } as const;
    expect(payerLine(20000, deposit, dates, { confirmed: 0, reported: 0 }).next).toEqual({
      date: "2025-06-01",
      amount: 5000,
    });
    expect(payerLine(20000, deposit, dates, { confirmed: 5000, reported: 100 }).next).toEqual({
      date: "2025-08-01",
      amount: 15000,
    });
    const over = payerLine(20000, { kind: "fixed", amount: 50000 }, dates, { confirmed: 21000, reported: 0 });
    expect(over).toMatchObject({ deposit: 20000, remaining: -1000, next: null });
  });
});

describe("instructionParts", () => {
  it("links only http(s) addresses and keeps the rest as text", () => {
    expect(
      instructionParts("Venmo @alex or https://pay.example/a. javascript:alert(1) data:text/html,x"),
    ).toEqual([
      { text: "Venmo @alex or " },
      { text: "https://pay.example/a", href: "https://pay.example/a" },
      { text: ". javascript:alert(1) data:text/html,x" },
    ]);
    expect(instructionParts("")).toEqual([]);
  });
});
