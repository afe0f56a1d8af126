import { describe, expect, it } from "vitest";
import {
  EMPTY_PAY_DETAILS,
  hasPayDetails,
  payWays,
  paypalLink,
  printIban,
  readPayDetails,
  revolutLink,
  validIban,
  venmoLink,
  wiseLink,
} from "~/features/money/lib/pay-links";

describe("IBAN", () => {
  it("accepts a valid IBAN written any way, and refuses one digit off (mod 97)", () => {
    expect(validIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(validIban("GB82 WEST 1234 5698 7654 32")).toBe(true);
    expect(validIban("de89370400440532013000")).toBe(true);
    expect(validIban("DE89 3704 0044 0532 0130 01")).toBe(false);
    expect(validIban("DE88 3704 0044 0532 0130 00")).toBe(false);
    expect(validIban("DE89")).toBe(false);
    expect(validIban("1234 5678 9012 3456")).toBe(false);
  });

  it("prints it in groups of four", () => {
    expect(printIban("de89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
  });
});

describe("reading the form", () => {
  it("keeps every field empty when nothing is given", () => {
    const read = readPayDetails({});
    expect(read).toEqual({ ok: true, details: EMPTY_PAY_DETAILS });
    if (read.ok) expect(hasPayDetails(read.details)).toBe(false);
  });

  it("normalises handles typed with @ or the provider's address", () => {
    const read = readPayDetails({
      paypal: "https://www.paypal.me/AlexSmith/",
      venmo: "@alex-smith_1",
      revolut: "revolut.me/AlexS",
      wise: " https://wise.com/pay/me/alexs ",
      iban: "de89 3704 0044 0532 0130 00",
      ibanHolder: "  Alex   Smith ",
      note: "  Cash is fine too ",
    });
    expect(read).toEqual({
      ok: true,
      details: {
        paypal: "AlexSmith",
        venmo: "alex-smith_1",
        revolut: "alexs",
        wise: "https://wise.com/pay/me/alexs",
        iban: "DE89370400440532013000",
        ibanHolder: "Alex Smith",
        note: "Cash is fine too",
      },
    });
  });

  it("refuses each field's wrong characters, a bad IBAN, a lone holder and a long note", () => {
    const read = readPayDetails({
      paypal: "alex.smith",
      venmo: "al",
      revolut: "alex smith",
      wise: "http://wise.com/pay/me/alexs",
      iban: "DE89 3704 0044 0532 0130 01",
      ibanHolder: "Alex",
      note: "x".repeat(501),
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.fieldErrors).sort()).toEqual(
      ["iban", "note", "paypal", "revolut", "venmo", "wise"].sort(),
    );
    expect(readPayDetails({ ibanHolder: "Alex" })).toMatchObject({
      ok: false,
      fieldErrors: { iban: expect.any(String) },
    });
    expect(readPayDetails({ iban: "DE89370400440532013000" })).toMatchObject({
      ok: false,
      fieldErrors: { ibanHolder: expect.any(String) },
    });
    expect(readPayDetails({ wise: "https://evil.example/wise.com" }).ok).toBe(false);
    expect(readPayDetails({ wise: "alex@example.com" }).ok).toBe(true);
    expect(readPayDetails({ note: "x".repeat(500) }).ok).toBe(true);
  });
});

describe("prefilled links", () => {
  it("PayPal.me carries the amount and currency code where PayPal takes the currency", () => {
    expect(paypalLink("AlexSmith", { amount: 1250, currency: "EUR" })).toBe(
      "https://paypal.me/AlexSmith/12.50EUR",
    );
    expect(paypalLink("AlexSmith", { amount: 31321, currency: "USD" })).toBe(
      "https://paypal.me/AlexSmith/313.21USD",
    );
    expect(paypalLink("AlexSmith", { amount: 1500, currency: "JPY" })).toBe(
      "https://paypal.me/AlexSmith/1500JPY",
    );
    // A currency PayPal does not take, nothing owed, no amount at all: the bare profile.
    expect(paypalLink("AlexSmith", { amount: 1250, currency: "ISK" })).toBe("https://paypal.me/AlexSmith");
    expect(paypalLink("AlexSmith", { amount: 0, currency: "EUR" })).toBe("https://paypal.me/AlexSmith");
    expect(paypalLink("AlexSmith")).toBe("https://paypal.me/AlexSmith");
  });

  it("Venmo, Revolut and Wise link without an amount (no documented format carries one)", () => {
    expect(venmoLink("alex-smith")).toBe("https://venmo.com/u/alex-smith");
    expect(revolutLink("alexs")).toBe("https://revolut.me/alexs");
    expect(wiseLink("https://wise.com/pay/me/alexs")).toBe("https://wise.com/pay/me/alexs");
    expect(wiseLink("alex@example.com")).toBeNull();
  });

  it("lists every way given, PayPal's prefilled, the IBAN printed with its holder", () => {
    const ways = payWays(
      {
        ...EMPTY_PAY_DETAILS,
        paypal: "AlexSmith",
        venmo: "alex-smith",
        iban: "DE89370400440532013000",
        ibanHolder: "Alex Smith",
      },
      { amount: 1250, currency: "EUR" },
    );
    expect(ways).toEqual([
      {
        label: "PayPal",
        value: "paypal.me/AlexSmith",
        href: "https://paypal.me/AlexSmith/12.50EUR",
        prefilled: true,
      },
      { label: "Venmo", value: "@alex-smith", href: "https://venmo.com/u/alex-smith", prefilled: false },
      {
        label: "Bank transfer",
        value: "DE89 3704 0044 0532 0130 00 (Alex Smith)",
        href: null,
        prefilled: false,
      },
    ]);
  });
});
