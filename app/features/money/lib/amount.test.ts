import { describe, expect, it } from "vitest";
import { instructionParts } from "~/features/money/lib/money-text";
import {
  formatMoney,
  minorToText,
  parseAmount,
  priceToMinor,
  readCurrency,
} from "~/features/money/lib/amount";
import { payerLine } from "~/features/money/lib/payer-line";

const ok = (minor: number) => ({ ok: true, minor });

describe("parseAmount", () => {
  it("understands commas, a currency sign or code", () => {
    expect(parseAmount("1,234.50", "USD")).toEqual(ok(123450));
    expect(parseAmount("$12", "USD")).toEqual(ok(1200));
    expect(parseAmount("CA$ 12.5", "CAD")).toEqual(ok(1250));
    expect(parseAmount("12 USD", "USD")).toEqual(ok(1200));
    expect(parseAmount(" 0.01 ", "USD")).toEqual(ok(1));
    expect(parseAmount("1,000,000", "USD")).toEqual(ok(100_000_000));
    expect(parseAmount("¥1,200", "JPY")).toEqual(ok(1200));
  });

  it("refuses what it cannot read with a message saying how to write it", () => {
    for (const bad of ["", "-5", "1.234", "12,34", "1e3", "0x10", "twelve", "1,2345.00", "12.5.1"]) {
      const result = parseAmount(bad, "USD");
      expect(result.ok, bad).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/Write the amount|Enter an amount|At most 2 decimals/);
    }
    expect(parseAmount("0", "USD")).toMatchObject({
      ok: false,
      error: expect.stringContaining("more than 0"),
    });
    expect(parseAmount("0", "USD", { allowZero: true })).toEqual(ok(0));
    expect(parseAmount("1000000.01", "USD")).toMatchObject({
      ok: false,
      error: "The amount must be at most $1,000,000.00.",
    });
    expect(parseAmount("99999999", "USD").ok).toBe(false);
    expect(parseAmount("12.5", "JPY")).toMatchObject({
      ok: false,
      error: expect.stringContaining("no decimals"),
    });
  });
});

describe("currencies and formats", () => {
  it("reads ISO 4217 codes with 0 or 2 decimals", () => {
    expect(readCurrency(" mxn ")).toBe("MXN");
    expect(readCurrency("XYZ")).toBeNull();
    expect(readCurrency("BHD")).toBeNull();
    expect(readCurrency("dollars")).toBeNull();
  });

  it("formats minor units", () => {
    expect(formatMoney(123450, "USD")).toBe("$1,234.50");
    expect(formatMoney(1200, "JPY")).toBe("¥1,200");
    expect(minorToText(-5, "USD")).toBe("-0.05");
    expect(minorToText(123450, "USD")).toBe("1234.50");
    expect(priceToMinor(849.99, "USD")).toBe(84999);
  });
});

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
