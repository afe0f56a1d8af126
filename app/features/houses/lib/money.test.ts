import { z } from "zod";
import { describe, expect, it } from "vitest";
import { eachText, priceText } from "~/features/houses/lib/money";
import { priceChange, priceFields, priceSchema } from "~/features/houses/lib/money-schema";

const expected = { expectedMin: 8, expectedMax: 12 };
const schema = z.object(priceFields);
const CURRENCY = "Currency must be a three-letter code such as USD, CAD or MXN";

describe("money", () => {
  it("says the stay's price and an estimate per person for the expected group, in whole units", () => {
    expect(priceText({ priceMinor: 85_000, currency: "USD" }, expected)).toBe(
      "$850 for the stay, about $85 each for 8–12",
    );
    expect(priceText({ priceMinor: 84_999, currency: "USD" }, expected)).toBe(
      "$850 for the stay, about $85 each for 8–12",
    );
    expect(priceText({ priceMinor: 100_000, currency: "CAD" }, { expectedMin: 4, expectedMax: 4 })).toBe(
      "CA$1,000 for the stay, about CA$250 each for 4",
    );
    expect(priceText({ priceMinor: 120_000, currency: "JPY" }, expected)).toBe(
      "¥120,000 for the stay, about ¥12,000 each for 8–12",
    );
    expect(priceText({ priceMinor: null, currency: "USD" }, expected)).toBeNull();
    expect(eachText({ priceMinor: 85_000, currency: "USD" }, expected)).toBe("about $85 each for 8–12");
  });

  it("takes an empty price as unknown and refuses what is not a price or a currency", () => {
    expect(priceSchema.parse({ price: "", currency: "usd" })).toEqual({ priceMinor: null, currency: "USD" });
    expect(priceSchema.parse({ price: "1200.5", currency: "EUR" })).toEqual({
      priceMinor: 120_050,
      currency: "EUR",
    });
    expect(priceSchema.parse({ price: "1200", currency: "JPY" })).toEqual({
      priceMinor: 1200,
      currency: "JPY",
    });
    const bad = schema.safeParse({ price: "-3", currency: "XYZW" });
    expect(bad.success ? [] : bad.error.issues.map((issue) => issue.message)).toEqual([
      "Write the amount as digits with at most 2 decimals, e.g. 1234 or 1234.50.",
      CURRENCY,
    ]);
    // The money's rules: a currency with three decimals is not one of them.
    expect(schema.safeParse({ price: "1", currency: "BHD" }).success).toBe(false);
    expect(schema.safeParse({ price: "cheap", currency: "USD" }).success).toBe(false);
    const yen = priceSchema.safeParse({ price: "850.5", currency: "JPY" });
    expect(yen.success ? null : yen.error.issues[0]).toMatchObject({
      path: ["price"],
      message: expect.stringMatching(/^JPY has no decimals/),
    });
  });

  it("reads a price only as a plain decimal amount with at most two decimals, up to 1,000,000", () => {
    const price = (value: unknown) => {
      const parsed = schema.safeParse({ price: value, currency: "USD" });
      return parsed.success ? parsed.data.price : parsed.error.issues[0].message;
    };
    expect([price("850"), price(" 850.50 "), price("0"), price(849.99), price(null)]).toEqual([
      "850",
      "850.50",
      "0",
      "849.99",
      null,
    ]);
    // Number() reads each of these as a number; none of them is an amount someone typed as a price.
    for (const odd of [
      "   ",
      "0x10",
      "0b11",
      "0o7",
      "1e3",
      "Infinity",
      "1,000",
      "$850",
      "+5",
      ".5",
      "5.",
      true,
    ]) {
      expect(price(odd), String(odd)).toMatch(/Write the amount as digits with at most 2 decimals/);
    }
    expect(price("850.505")).toMatch(/^At most 2 decimals/);
    expect(price(850.505)).toMatch(/^At most 2 decimals/);
    expect(price("1000000.01")).toBe("The amount must be at most $1,000,000.00.");
  });

  it("keeps the amount when only the currency changes, and refuses one it cannot be written in", () => {
    const stored = { priceMinor: 85_000, currency: "USD" };
    expect(priceChange({ currency: "JPY" }, stored)).toEqual({
      ok: true,
      change: { currency: "JPY", priceMinor: 850 },
    });
    expect(priceChange({ currency: "CAD" }, stored)).toEqual({
      ok: true,
      change: { currency: "CAD", priceMinor: 85_000 },
    });
    expect(priceChange({ currency: "JPY" }, { priceMinor: 84_999, currency: "USD" })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^JPY has no decimals/),
    });
    expect(priceChange({ price: "12.5" }, { priceMinor: null, currency: "MXN" })).toEqual({
      ok: true,
      change: { priceMinor: 1250 },
    });
    expect(priceChange({ price: null }, stored)).toEqual({ ok: true, change: { priceMinor: null } });
    expect(priceChange({}, stored)).toEqual({ ok: true, change: {} });
  });
});
