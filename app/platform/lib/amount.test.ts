import { describe, expect, it } from "vitest";
import { formatMoney, minorToText, parseAmount, readCurrency, toMajor } from "~/platform/lib/amount";

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

  it("takes only digits and a point when plain, as the /api writes a house's price", () => {
    const plain = { plain: true, allowZero: true };
    expect(parseAmount(" 850.50 ", "USD", plain)).toEqual(ok(85050));
    expect(parseAmount("0", "USD", plain)).toEqual(ok(0));
    expect(parseAmount("850", "JPY", plain)).toEqual(ok(850));
    // Number() reads each of these as a number; none of them is an amount someone typed as a price.
    for (const odd of [
      "   ",
      "0x10",
      "0b11",
      "1e3",
      "Infinity",
      "1,000",
      "$850",
      "850 USD",
      "+5",
      ".5",
      "5.",
      "-3",
    ]) {
      const result = parseAmount(odd, "USD", plain);
      expect(result.ok, odd).toBe(false);
      if (!result.ok) expect(result.error, odd).toMatch(/^(Enter an amount\. )?Write the amount as digits/);
    }
    expect(parseAmount("850.505", "USD", plain)).toMatchObject({ ok: false, error: /^At most 2 decimals/ });
    expect(parseAmount("850.5", "JPY", plain)).toMatchObject({ ok: false, error: /^JPY has no decimals/ });
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
    expect(toMajor(84999, "USD")).toBe(849.99);
    expect(toMajor(850, "JPY")).toBe(850);
    expect(formatMoney(84999, "USD", { whole: true })).toBe("$850");
    expect(formatMoney(120000, "CAD", { whole: true })).toBe("CA$1,200");
  });
});
