import { z } from "zod";
import { describe, expect, it } from "vitest";
import { eachText, priceText } from "~/features/houses/lib/money";
import { priceFields } from "~/features/houses/lib/money-schema";

const expected = { expectedMin: 8, expectedMax: 12 };
const schema = z.object(priceFields);

describe("money", () => {
  it("says the stay's price and an estimate per person for the expected group", () => {
    expect(priceText({ price: 850, currency: "USD" }, expected)).toBe(
      "$850 for the stay, about $85 each for 8–12",
    );
    expect(priceText({ price: 1000, currency: "CAD" }, { expectedMin: 4, expectedMax: 4 })).toBe(
      "CA$1,000 for the stay, about CA$250 each for 4",
    );
    expect(priceText({ price: null, currency: "USD" }, expected)).toBeNull();
    expect(eachText({ price: 850, currency: "USD" }, expected)).toBe("about $85 each for 8–12");
  });

  it("takes an empty price as unknown and refuses what is not a price or a currency", () => {
    expect(schema.parse({ price: "", currency: "usd" })).toEqual({ price: null, currency: "USD" });
    expect(schema.parse({ price: "1200.5", currency: "EUR" })).toEqual({ price: 1200.5, currency: "EUR" });
    const bad = schema.safeParse({ price: "-3", currency: "XYZW" });
    expect(bad.success ? [] : bad.error.issues.map((issue) => issue.message)).toEqual([
      "Price must be 0 or more",
      "Currency must be a three-letter code such as USD",
    ]);
    expect(schema.safeParse({ price: "cheap", currency: "USD" }).success).toBe(false);
  });

  it("reads a price only as a plain decimal amount with at most two decimals", () => {
    const price = (value: unknown) => {
      const parsed = schema.safeParse({ price: value, currency: "USD" });
      return parsed.success ? parsed.data.price : parsed.error.issues[0].message;
    };
    expect([price("850"), price(" 850.50 "), price("0"), price(849.99), price(null)]).toEqual([
      850,
      850.5,
      0,
      849.99,
      null,
    ]);
    // Number() reads each of these as a number; none of them is an amount someone typed as a price.
    for (const odd of ["   ", "0x10", "0b11", "0o7", "1e3", "Infinity", "1,000", "$850", "+5", ".5", "5."]) {
      expect(price(odd), odd).toBe("Price must be a number");
    }
    expect(price("850.505")).toBe("Price must have at most two decimals");
    expect(price(850.505)).toBe("Price must have at most two decimals");
  });
});
