import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/platform/env.server";

import { callRoute, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { moneyPages, startMoneyTrip } from "../../tests/support/money-trip";
import { useFakeMail } from "../../tests/support/mail";
import * as historyPage from "~/routes/money.history";

// Issue 53, item 3: no one makes another member owe money alone. A share someone else entered for
// you waits for your consent above the limit, and counts (refusable in one press) below it.
useFreshDatabase();
useFakeMail({ ADMIN_EMAILS: "boss@example.com", APP_URL: "http://localhost:3000" });
const people: Record<string, { id: number; cookie: string }> = {};
const { money, post, setup } = moneyPages(people);

/** Every balance in USD, and what settle-up says, as the organiser sees them. */
async function usd() {
  const group = (await money("boss")).balances.find((g) => g.currency === "USD")!;
  return {
    balances: Object.fromEntries(group.rows.map((row) => [row.name, row.amount])),
    settle: group.transfers.map((t) => t.text),
  };
}

const expense = (description: string, amount: string, sharers: string[], paidBy = "riley") => ({
  intent: "add-expense",
  key: crypto.randomUUID(),
  description,
  amount,
  currency: "USD",
  paidBy: String(people[paidBy].id),
  split: "equal",
  share: sharers.map((who) => String(people[who].id)),
});

async function expenseItem(description: string, who = "alex") {
  const found = (await money(who)).expenses.find((e) => e.description === description);
  expect(found).toBeDefined();
  return found!;
}

const answer = (intent: string, id: number, member: string) => ({
  intent,
  id: String(id),
  member: String(people[member].id),
});

async function history() {
  const response = await callRoute(
    historyPage.loader as never,
    makeRequest("/money/history", { cookie: people.boss.cookie }),
  );
  return ((await response.json()) as { rows: Array<{ action: string; subject: string; newValue: string }> })
    .rows;
}

// Alex fronts the $900 house: Sam and Riley owe Alex $300.00 each (the limit's default too).
beforeAll(() => startMoneyTrip(people));

afterAll(() => resetEnvCache());

describe("a share someone else entered for you", () => {
  it("waits above the limit: the attack of round 5 changes no balance until Alex accepts", async () => {
    const before = await usd();
    expect(before.settle).toContain("Riley pays Alex $300.00");
    expect((await post("riley", expense("Boat", "999,999", ["alex"]))).status).toBe(302);
    // Not in anyone's balance, not in settle-up: the payer's credit waits with the share.
    expect(await usd()).toEqual(before);
    const boat = await expenseItem("Boat");
    expect(boat.shares).toContain("waits for Alex’s consent");
    expect(boat.consents).toEqual([
      expect.objectContaining({ name: "Alex", status: "waiting", canAccept: true, canRefuse: true }),
    ]);
    expect((await money("alex")).consentCount).toBe(1);
    // Riley (the author) cannot consent for Alex; Sam cannot either.
    expect((await post("riley", answer("accept-share", boat.id, "alex"))).status).toBe(403);
    expect((await post("sam", answer("accept-share", boat.id, "alex"))).status).toBe(403);
    expect(await usd()).toEqual(before);

    expect((await post("alex", answer("accept-share", boat.id, "alex"))).status).toBe(302);
    const after = await usd();
    expect(after.balances.Alex).toBe(before.balances.Alex - 99_999_900);
    expect(after.balances.Riley).toBe(before.balances.Riley + 99_999_900);
    expect(Object.values(after.balances).reduce((a, b) => a + b, 0)).toBe(0);
    expect((await history()).map((row) => row.action)).toContain("Share accepted");
    // Accepted once, it is decided: a second press is refused, nothing moves twice.
    expect((await post("alex", answer("accept-share", boat.id, "alex"))).status).toBe(409);
  });

  it("counts below the limit, marked “entered by”, and Alex refuses it in one post", async () => {
    const before = await usd();
    expect((await post("riley", expense("Groceries", "60", ["alex", "riley"]))).status).toBe(302);
    const counted = await usd();
    expect(counted.balances.Alex).toBe(before.balances.Alex - 3_000);
    const groceries = await expenseItem("Groceries");
    expect(groceries.consents).toEqual([
      expect.objectContaining({ name: "Alex", status: "open", canRefuse: true, canAccept: false }),
    ]);
    expect(groceries.consents[0].text).toContain("Alex $30.00 (entered by Riley)");
    // Alex's own list of shares to answer has it, with its Refuse.
    expect((await money("alex")).answers.map((item) => item.text)).toContain(groceries.consents[0].text);

    expect((await post("alex", answer("refuse-share", groceries.id, "alex"))).status).toBe(302);
    expect(await usd()).toEqual(before);
    expect((await expenseItem("Groceries")).shares).toContain("refused by Alex");
    expect((await history()).find((row) => row.action === "Share refused")?.newValue).toContain("Groceries");

    // The organiser decides it back in.
    expect((await post("boss", answer("accept-share", groceries.id, "alex"))).status).toBe(302);
    expect(await usd()).toEqual(counted);
    expect((await history()).map((row) => row.action)).toContain("Share accepted");
  });

  it("lets the organiser remove a refused share for good", async () => {
    const before = await usd();
    expect((await post("riley", expense("Drinks", "40", ["alex", "riley"]))).status).toBe(302);
    const drinks = await expenseItem("Drinks");
    expect((await post("alex", answer("refuse-share", drinks.id, "alex"))).status).toBe(302);
    expect((await post("alex", answer("remove-share", drinks.id, "alex"))).status).toBe(403);
    expect((await post("boss", answer("remove-share", drinks.id, "alex"))).status).toBe(302);
    expect((await expenseItem("Drinks")).shares).toContain("removed");
    const after = await usd();
    // Riley's own share still counts against Riley's own payment; Alex's is out with Riley's credit.
    expect(after).toEqual(before);
    expect((await history()).map((row) => row.action)).toContain("Share removed");
  });

  it("counts the author's own share and an organiser's entry at once", async () => {
    const before = await usd();
    expect((await post("boss", expense("Fuel", "999,999", ["alex"], "sam"))).status).toBe(302);
    const after = await usd();
    expect(after.balances.Alex).toBe(before.balances.Alex - 99_999_900);
    expect((await expenseItem("Fuel")).consents).toEqual([]);
  });

  it("follows the organiser's limit", async () => {
    const saved = await setup({ intent: "consent-limit", consentLimit: "10" });
    expect(saved.status).toBe(302);
    const before = await usd();
    expect((await post("riley", expense("Snacks", "30", ["alex", "riley"]))).status).toBe(302);
    expect(await usd()).toEqual(before);
    expect((await expenseItem("Snacks")).consents).toEqual([expect.objectContaining({ status: "waiting" })]);
    expect((await history()).map((row) => row.action)).toContain("Consent limit changed");
  });
});
