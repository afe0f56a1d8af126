import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { moneyPayments } from "~/platform/db/schema";
import { resetEnvCache } from "~/platform/env.server";

import { callRoute, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { moneyPages, startMoneyTrip } from "../../tests/support/money-trip";
import { useFakeMail } from "../../tests/support/mail";
import * as historyPage from "~/routes/money.history";
import { moneyStillOpen } from "~/features/money/index.server";

// Settle-up's "Record as paid": the payer's own word waits for the receiving side, and an amount
// above what the two owe each other (or in a currency nobody used) never lands unnoticed.
const database = useFreshDatabase();
useFakeMail({ ADMIN_EMAILS: "boss@example.com", APP_URL: "http://localhost:3000" });
const people: Record<string, { id: number; cookie: string }> = {};
const { money, post, setup } = moneyPages(people);

const balanceOf = async (who: string, currency = "USD") =>
  (await money("boss")).balances
    .find((group) => group.currency === currency)
    ?.rows.find((row) => row.id === people[who].id)?.amount;

const transfer = (from: string, to: string, amount: string, extra: Record<string, string> = {}) => ({
  intent: "settle",
  from: String(people[from].id),
  to: String(people[to].id),
  amount,
  currency: "USD",
  key: crypto.randomUUID(),
  ...extra,
});

const rowsOf = (key: string) =>
  database.db.select().from(moneyPayments).where(eq(moneyPayments.idempotencyKey, key));

beforeAll(async () => {
  await startMoneyTrip(people);
  // Boss, an organiser, is on the trip with no share of the house (weight 0).
  const boss = String(people.boss.id);
  expect((await setup({ intent: "payer", member: boss, change: "add" })).status).toBe(302);
  expect((await setup({ intent: "payer", member: boss, [`weight-${boss}`]: "0" })).status).toBe(302);
  expect(await balanceOf("riley")).toBe(-30_000);
});

afterAll(() => resetEnvCache());

describe("settle-up's Record as paid", () => {
  it("refuses more than the payer owes unless the form says so, keeping what was typed", async () => {
    const form = transfer("riley", "alex", "999,999.99");
    const refused = await post("riley", form);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      form: "settle",
      fieldErrors: { anyway: "This is more than Riley owes Alex ($300.00). Record anyway?" },
      values: { amount: "999,999.99", from: form.from, to: form.to, currency: "USD" },
    });
    expect(await rowsOf(form.key)).toEqual([]);
    expect(await balanceOf("riley")).toBe(-30_000);
  });

  it("keeps the payer's own record reported, not counted, until the receiver decides", async () => {
    const form = transfer("riley", "alex", "999,999.99", { anyway: "yes" });
    expect((await post("riley", form)).status).toBe(302);
    const [row] = await rowsOf(form.key);
    expect(row).toMatchObject({ status: "reported", kind: "settle", amount: 99_999_999 });
    // Settle-up still tells Riley to pay Alex, and says that a transfer waits.
    expect(await balanceOf("riley")).toBe(-30_000);
    expect(await balanceOf("alex")).toBe(60_000);
    const usd = (await money("riley")).balances.find((group) => group.currency === "USD")!;
    const rileyToAlex = usd.transfers.find((t) => t.from === people.riley.id)!;
    expect(rileyToAlex).toMatchObject({ to: people.alex.id, amount: 30_000 });
    expect(rileyToAlex.waiting).toContain("$999,999.99");
    // Both sides see it; only the receiving side gets Confirm / Reject.
    const seen = async (who: string) =>
      (await money(who)).balances.flatMap((group) => group.recorded).find((p) => p.id === row.id);
    expect(await seen("riley")).toMatchObject({ status: "reported", canDecide: false });
    expect(await seen("alex")).toMatchObject({ status: "reported", canDecide: true });
    expect(await seen("sam")).toBeUndefined();
    expect((await post("riley", { intent: "confirm-payment", id: String(row.id) })).status).toBe(403);
    expect((await post("sam", { intent: "confirm-payment", id: String(row.id) })).status).toBe(403);
    // The next-edition page warns of it: balances still open, one payment waiting.
    expect(await moneyStillOpen()).toMatchObject({ waiting: 1 });
    expect((await moneyStillOpen()).unsettled).toBeGreaterThanOrEqual(2);
    // A reason over its limit is refused in its own words, kept, and nothing is decided.
    const long = "x".repeat(201);
    const tooLong = await post("alex", { intent: "reject-payment", id: String(row.id), reason: long });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      fieldErrors: { [`reason-${row.id}`]: "Reason must be at most 200 characters" },
      values: { reason: long },
    });
    expect(await seen("alex")).toMatchObject({ status: "reported" });
    expect(
      (await post("alex", { intent: "reject-payment", id: String(row.id), reason: "Never received" })).status,
    ).toBe(302);
    expect(await balanceOf("riley")).toBe(-30_000);
    expect(await seen("riley")).toMatchObject({ status: "rejected", reason: "Never received" });
  });

  it("counts a reported amount in the limit: a second record of the same debt asks first", async () => {
    const first = transfer("riley", "alex", "300");
    expect((await post("riley", first)).status).toBe(302);
    const again = await post("riley", transfer("riley", "alex", "300"));
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      fieldErrors: { anyway: expect.stringContaining("This is more than Riley owes Alex ($0.00") },
    });
    const [row] = await rowsOf(first.key);
    expect(row.status).toBe("reported");
    // An organiser confirms it; then it counts.
    expect((await post("boss", { intent: "confirm-payment", id: String(row.id) })).status).toBe(302);
    expect(await balanceOf("riley")).toBe(0);
    expect(await balanceOf("alex")).toBe(30_000);
  });

  it("refuses a currency with no balance on the trip, even with the confirmation", async () => {
    const form = transfer("sam", "alex", "500000", { currency: "JPY", anyway: "yes" });
    const refused = await post("sam", form);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      form: "settle",
      error: "Nobody on this trip has a balance in JPY, so there is nothing to settle in it.",
      values: { amount: "500000", currency: "JPY" },
    });
    expect(await rowsOf(form.key)).toEqual([]);
  });

  it("confirms the receiving side's record at once", async () => {
    const form = transfer("sam", "alex", "300");
    expect((await post("alex", form)).status).toBe(302);
    const [row] = await rowsOf(form.key);
    expect(row.status).toBe("confirmed");
    expect(await balanceOf("sam")).toBe(0);
    expect(await balanceOf("alex")).toBe(0);
  });

  it("lets no organiser confirm a transfer they reported as its payer", async () => {
    // Boss owes Sam $20.00 for a dinner Sam paid; Boss reports paying it.
    const dinner = await post("sam", {
      intent: "add-expense",
      key: crypto.randomUUID(),
      description: "Dinner",
      amount: "40",
      currency: "USD",
      paidBy: String(people.sam.id),
      split: "exact",
      share: [String(people.sam.id), String(people.boss.id)],
      [`exact-${people.sam.id}`]: "20",
      [`exact-${people.boss.id}`]: "20",
    });
    expect(dinner.status).toBe(302);
    const form = transfer("boss", "sam", "20");
    expect((await post("boss", form)).status).toBe(302);
    const [row] = await rowsOf(form.key);
    expect(row.status).toBe("reported");
    expect((await post("boss", { intent: "confirm-payment", id: String(row.id) })).status).toBe(403);
    expect((await post("sam", { intent: "confirm-payment", id: String(row.id) })).status).toBe(302);
    expect(await balanceOf("boss")).toBe(0);
  });

  it("marks an expense entered by someone other than its payer, on its line and in the history", async () => {
    const added = await post("riley", {
      intent: "add-expense",
      key: crypto.randomUUID(),
      description: "Boat",
      amount: "30",
      currency: "USD",
      paidBy: String(people.sam.id),
      split: "equal",
      share: [String(people.sam.id), String(people.riley.id), String(people.alex.id)],
    });
    expect(added.status).toBe(302);
    const expenses = (await money("sam")).expenses;
    expect(expenses.find((e) => e.description === "Boat")).toMatchObject({
      paidBy: "Sam",
      enteredBy: "Riley",
    });
    expect(expenses.find((e) => e.description === "Dinner")).toMatchObject({ enteredBy: "" });
    const response = await callRoute(
      historyPage.loader as never,
      makeRequest("/money/history", { cookie: people.sam.cookie }),
    );
    const history = (await response.json()) as { rows: Array<{ action: string; newValue: string }> };
    const boat = history.rows.find((row) => row.newValue.startsWith("Boat"))!;
    expect(boat.newValue).toContain("entered by Riley");
    const dinner = history.rows.find((row) => row.newValue.startsWith("Dinner"))!;
    expect(dinner.newValue).not.toContain("entered by");
  });

  it("dates a transfer by the day where the group meets, not by the UTC day", async () => {
    process.env.EVENT_TIME_ZONE = "America/Denver";
    resetEnvCache();
    // 21:30 on 21 August in Denver is already 22 August in UTC.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2025-08-22T03:30:00Z") });
    try {
      const form = transfer("riley", "alex", "1", { anyway: "yes" });
      expect((await post("alex", form)).status).toBe(302);
      const [row] = await rowsOf(form.key);
      expect(row.paidOn).toBe("2025-08-21");
    } finally {
      vi.useRealTimers();
      delete process.env.EVENT_TIME_ZONE;
      resetEnvCache();
    }
  });
});
