import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyHistory, moneyPayments } from "~/platform/db/schema";
import { resetEnvCache } from "~/platform/env.server";
import * as setupPage from "~/routes/money.setup";
import * as ledgerCsv from "~/routes/money.ledger[.]csv";
import { parse } from "csv-parse/sync";

import { callRoute, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { moneyPages, startMoneyTrip } from "../../tests/support/money-trip";
import { useFakeMail } from "../../tests/support/mail";

// Issue 57 item 2: the organiser fixes a rate per other currency, and settle-up is in one currency.
const database = useFreshDatabase();
useFakeMail({ ADMIN_EMAILS: "boss@example.com", APP_URL: "http://localhost:3000" });
const people: Record<string, { id: number; cookie: string }> = {};
const { money, post, setup, addExpense } = moneyPages(people);

async function setupPageData() {
  const response = await callRoute(
    setupPage.loader as never,
    makeRequest("/money/setup", { cookie: people.boss.cookie }),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { page: { rates: { main: string; currencies: unknown[] } } }).page;
}

/** The organiser's ledger CSV as rows keyed by its header. */
async function ledgerRows() {
  const response = await callRoute(
    ledgerCsv.loader as never,
    makeRequest("/money/ledger.csv", { cookie: people.boss.cookie }),
  );
  expect(response.status).toBe(200);
  return parse(await response.text(), { columns: true, bom: true }) as Array<Record<string, string>>;
}

const sumOf = (rows: Array<{ amount: number }>) => rows.reduce((sum, row) => sum + row.amount, 0);

beforeAll(async () => {
  // A $900 house (Sam and Riley owe Alex $300 each), a peso dinner and a Canadian ferry.
  await startMoneyTrip(people);
  const [sam, riley] = [people.sam.id, people.riley.id].map(String);
  expect(
    (await addExpense("sam", { description: "Tacos", amount: "1,000", currency: "MXN", paidBy: sam })).status,
  ).toBe(302);
  expect(
    (await addExpense("riley", { description: "Ferry", amount: "100.01", currency: "CAD", paidBy: riley }))
      .status,
  ).toBe(302);
});

afterAll(() => resetEnvCache());

describe("one currency at the end", () => {
  it("without rates, settles each currency on its own as before", async () => {
    const page = await money("alex");
    expect(page.balances.map((group) => group.currency)).toEqual(["USD", "MXN", "CAD"]);
    expect(page.multiCurrency).toBe(true);
    expect(page.expenses.every((expense) => expense.converted === "")).toBe(true);
    expect((await setupPageData()).rates).toMatchObject({
      main: "USD",
      currencies: [
        { code: "CAD", value: "" },
        { code: "MXN", value: "" },
      ],
    });
  });

  it("refuses a bad rate the shared way, keeping every field as typed, and saves nothing", async () => {
    const refused = await setup({ intent: "rates", _form: "rates", "rate-MXN": "0,054", "rate-CAD": "-1" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      form: "rates",
      fieldErrors: { "rate-CAD": expect.stringContaining("A rate is a number above 0") },
      values: { "rate-MXN": "0,054", "rate-CAD": "-1" },
    });
    expect((await money("alex")).balances).toHaveLength(3);
  });

  it("settles a trip in three currencies in USD at the organiser's rates, to the cent", async () => {
    const saved = await setup({ intent: "rates", _form: "rates", "rate-MXN": "0,054", "rate-CAD": "0.7311" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/money/setup");
    const page = await money("alex");
    expect(page.balances.map((group) => group.currency)).toEqual(["USD"]);
    expect(page.multiCurrency).toBe(false);
    const [usd] = page.balances;
    expect(usd.converted).toEqual([
      "1 MXN = 0.054 USD (MX$100.00 ≈ $5.40)",
      "1 CAD = 0.7311 USD (CA$100.00 ≈ $73.11)",
    ]);
    expect(sumOf(usd.rows)).toBe(0);
    expect(usd.transfers.length).toBeGreaterThan(0);
    // Each expense keeps its own amount and shows the converted one beside it.
    expect(page.expenses.find((e) => e.description === "Tacos")).toMatchObject({
      amount: "MX$1,000.00",
      converted: "≈ $54.00",
    });
    expect(page.expenses.find((e) => e.description === "Ferry")).toMatchObject({ converted: "≈ $73.12" });
    // The organiser's ledger CSV says the same, so a spreadsheet adds the trip up in USD.
    const ledger = await ledgerRows();
    expect(ledger.find((row) => row.What === "Tacos")).toMatchObject({
      Amount: "1000.00",
      Currency: "MXN",
      "Rate to USD": "0.054",
      "Amount in USD": "54.00",
    });
    expect(ledger.find((row) => row.What === "Ferry")).toMatchObject({ "Amount in USD": "73.12" });
    expect(ledger.find((row) => row.Kind === "house")).toMatchObject({
      Amount: "900.00",
      "Rate to USD": "1",
      "Amount in USD": "900.00",
    });
    const [history] = await database.db
      .select()
      .from(moneyHistory)
      .where(eq(moneyHistory.action, "Exchange rates changed"));
    expect(history.newValue).toBe("1 CAD = 0.7311 USD; 1 MXN = 0.054 USD");
    // A transfer in a currency now settled in USD is refused with where to record it.
    const refused = await post("sam", {
      intent: "settle",
      from: String(people.sam.id),
      to: String(people.alex.id),
      amount: "10",
      currency: "MXN",
      key: crypto.randomUUID(),
    });
    expect(await refused.json()).toMatchObject({
      error: "MXN settles in USD at the organiser's rate: record the transfer in USD.",
    });
  });

  it("changing a rate changes the suggestions, never a recorded payment", async () => {
    const before = (await money("alex")).balances[0]!;
    const recorded = before.transfers.map((t) => ({ from: t.from, to: t.to, amount: t.amount }));
    // The receiving side records every transfer: each counts at once.
    for (const t of before.transfers) {
      const receiver = Object.keys(people).find((who) => people[who].id === t.to)!;
      const form = {
        intent: "settle",
        from: String(t.from),
        to: String(t.to),
        amount: t.value,
        currency: "USD",
        key: crypto.randomUUID(),
      };
      expect((await post(receiver, form)).status).toBe(302);
    }
    expect((await money("alex")).balances[0]!.transfers).toEqual([]);
    const rows = async () =>
      (await database.db.select().from(moneyPayments).where(eq(moneyPayments.kind, "settle"))).map((p) => ({
        from: p.fromUserId,
        to: p.toUserId,
        amount: p.amount,
        currency: p.currency,
      }));
    const kept = await rows();
    expect(kept).toEqual(recorded.map((t) => ({ ...t, currency: "USD" })));

    expect((await setup({ intent: "rates", "rate-MXN": "0.06", "rate-CAD": "0.7311" })).status).toBe(302);
    const after = (await money("alex")).balances[0]!;
    expect(await rows()).toEqual(kept);
    expect(sumOf(after.rows)).toBe(0);
    // Sam paid the pesos: at the dearer rate the others owe Sam a little more.
    expect(after.transfers.length).toBeGreaterThan(0);
    expect(after.transfers.every((t) => t.to === people.sam.id)).toBe(true);
    expect(after.recorded).toHaveLength(recorded.length);
  });

  it("empty fields take the rates away: each currency settles on its own again", async () => {
    expect((await setup({ intent: "rates", "rate-MXN": "", "rate-CAD": "" })).status).toBe(302);
    const page = await money("alex");
    expect(page.balances.map((group) => group.currency)).toEqual(["USD", "MXN", "CAD"]);
    for (const group of page.balances) expect(sumOf(group.rows)).toBe(0);
    // Without a rate the CSV converts nothing it cannot.
    expect((await ledgerRows()).find((row) => row.What === "Tacos")).toMatchObject({
      "Rate to USD": "",
      "Amount in USD": "",
    });
  });
});
