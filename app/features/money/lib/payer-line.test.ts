import { describe, expect, it } from "vitest";
import { dueText, instructionParts } from "~/features/money/lib/money-text";
import { payerLine } from "~/features/money/lib/payer-line";

describe("payerLine", () => {
  const dates = { deposit: "2025-06-01", balance: "2025-08-01" };
  const deposit = { kind: "percent", percent: 25 } as const;
  it("asks for the deposit first, then the rest, as long as the balances say it is owed", () => {
    expect(payerLine(20000, deposit, dates, { reached: 0, reported: 0 }, -20000).next).toEqual({
      date: "2025-06-01",
      amount: 5000,
    });
    expect(payerLine(20000, deposit, dates, { reached: 5000, reported: 100 }, -15000)).toMatchObject({
      next: { date: "2025-08-01", amount: 15000 },
      due: 15000,
      owed: 15000,
    });
  });

  it("asks for no more than the balances say is owed, and nothing once they are settled", () => {
    // Paid for groceries the others share: the balance owes less than the share's open part.
    expect(payerLine(20000, deposit, dates, { reached: 5000, reported: 0 }, -4000)).toMatchObject({
      next: { date: "2025-08-01", amount: 4000 },
      due: 4000,
    });
    // Every suggested transfer recorded (some to another member): balance 0, nothing is due.
    expect(payerLine(25000, deposit, dates, { reached: 0, reported: 0 }, 0)).toMatchObject({
      next: null,
      due: 0,
      owed: 0,
    });
    // Overpaid: owed to them, never "due", and no refund of the share's own.
    const over = payerLine(
      20000,
      { kind: "fixed", amount: 50000 },
      dates,
      { reached: 35000, reported: 0 },
      15000,
    );
    expect(over).toMatchObject({ deposit: 20000, reached: 35000, owed: 0, due: 0, next: null });
  });

  it("never asks more than the share's open part, nor for a share that reached the receiver", () => {
    expect(payerLine(20000, { kind: "none" }, dates, { reached: 12000, reported: 0 }, -30000)).toMatchObject({
      next: { date: "2025-08-01", amount: 8000 },
      due: 8000,
      owed: 30000,
    });
    expect(payerLine(20000, { kind: "none" }, dates, { reached: 20000, reported: 0 }, -5000).next).toBeNull();
  });
});

describe("dueText", () => {
  it("writes what is due as people write dates", () => {
    expect(dueText({ amount: 25000, date: "2025-08-01" }, "USD")).toBe("$250.00 by August 1, 2025");
    expect(dueText({ amount: 25000, date: null }, "USD")).toBe("$250.00");
    expect(dueText(null, "USD")).toBe("");
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
