import { describe, expect, it } from "vitest";
import {
  OTHER_CURRENCY_LIMIT,
  answersFor,
  consentLimit,
  editedShareStatuses,
  newShareStatus,
} from "~/features/money/lib/consent";

const house = { total: 90_000, currency: "USD" };
const payers = [{ weight: 100 }, { weight: 100 }, { weight: 150 }, { weight: 0 }];

describe("consentLimit", () => {
  it("defaults to the house share per person (the price over the payers who pay), rounded down", () => {
    expect(consentLimit("USD", { limit: null, house, payers })).toBe(30_000);
    expect(consentLimit("USD", { limit: null, house: { ...house, total: 100_000 }, payers })).toBe(33_333);
  });

  it("follows the organiser's limit in the house's currency", () => {
    expect(consentLimit("USD", { limit: 1_000, house, payers })).toBe(1_000);
    expect(consentLimit("USD", { limit: 0, house, payers })).toBe(0);
  });

  it("uses the stated default in another currency, without a price or without payers", () => {
    expect(consentLimit("MXN", { limit: 1_000, house, payers })).toBe(50_000);
    expect(consentLimit("USD", { limit: null, house: { ...house, total: null }, payers })).toBe(
      OTHER_CURRENCY_LIMIT,
    );
    expect(consentLimit("USD", { limit: null, house, payers: [{ weight: 0 }] })).toBe(OTHER_CURRENCY_LIMIT);
    expect(consentLimit("USD", { limit: null, house: null, payers })).toBe(OTHER_CURRENCY_LIMIT);
  });
});

describe("newShareStatus", () => {
  const entry = { authorId: 1, organiser: false, limit: 30_000 };
  it("counts the author's own share and every share an organiser enters", () => {
    expect(newShareStatus({ userId: 1, amount: 99_999_900 }, entry)).toBe("counts");
    expect(newShareStatus({ userId: 2, amount: 99_999_900 }, { ...entry, organiser: true })).toBe("counts");
  });

  it("lets another's share count, refusable, up to the limit, and wait above it", () => {
    expect(newShareStatus({ userId: 2, amount: 30_000 }, entry)).toBe("open");
    expect(newShareStatus({ userId: 2, amount: 30_001 }, entry)).toBe("waiting");
  });
});

describe("editedShareStatuses", () => {
  it("keeps the answer of a share whose amount stays; a changed or new share starts again", () => {
    const before = new Map([
      [2, { amount: 1_000, status: "refused" as const }],
      [3, { amount: 1_000, status: "counts" as const }],
    ]);
    const shares = new Map([
      [2, 1_000],
      [3, 50_000],
      [4, 500],
    ]);
    const edited = editedShareStatuses(before, shares, { authorId: 1, organiser: false, limit: 30_000 });
    expect(Object.fromEntries(edited)).toEqual({ 2: "refused", 3: "waiting", 4: "open" });
  });
});

describe("answersFor", () => {
  const alex = { id: 2, organiser: false };
  const boss = { id: 9, organiser: true };
  const riley = { id: 1, organiser: false };
  it("gives the sharer accept and refuse, the organiser accept and remove, the author nothing", () => {
    expect(answersFor("waiting", 2, alex)).toEqual(["accept", "refuse"]);
    expect(answersFor("open", 2, alex)).toEqual(["refuse"]);
    expect(answersFor("refused", 2, alex)).toEqual(["accept"]);
    expect(answersFor("waiting", 2, boss)).toEqual(["accept", "remove"]);
    expect(answersFor("refused", 2, boss)).toEqual(["accept", "remove"]);
    expect(answersFor("open", 2, boss)).toEqual([]);
    expect(answersFor("waiting", 2, riley)).toEqual([]);
    expect(answersFor("removed", 2, boss)).toEqual([]);
    expect(answersFor("counts", 2, alex)).toEqual([]);
  });
});
