import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyExpenses, moneyHistory, moneyPayments, surveys } from "~/platform/db/schema";
import { resetEnvCache } from "~/platform/env.server";
import { loadMoneyInput } from "~/features/money/index.server";
import { computeMoney } from "~/features/money/lib/money";
import { getCurrentEdition } from "~/features/season/index.server";

import { callRoute, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { moneyPages, startMoneyTrip } from "../../tests/support/money-trip";
import { useFakeMail } from "../../tests/support/mail";
import * as ownDelete from "~/routes/account_.delete";
import * as expensePage from "~/routes/money.expenses.$id";

// Issue 55 items 2 and 3: a member who leaves keeps their house share (decision 031), and settle-up
// counts what a member already reported paying.
const database = useFreshDatabase();
useFakeMail({ ADMIN_EMAILS: "boss@example.com", APP_URL: "http://localhost:3000" });
const people: Record<string, { id: number; cookie: string }> = {};
const { money, post, setup } = moneyPages(people);

const usd = async (who: string) => (await money(who)).balances.find((group) => group.currency === "USD")!;
const shares = async () =>
  Object.fromEntries((await money("boss")).lines.map((line) => [line.name, line.share]));

async function ledgerSumsToZero() {
  const { balances } = computeMoney((await loadMoneyInput((await getCurrentEdition()).id)).input);
  for (const [currency, perPerson] of balances)
    expect([currency, [...perPerson.values()].reduce((a, b) => a + b, 0)]).toEqual([currency, 0]);
}

beforeAll(async () => {
  await startMoneyTrip(people);
  // Riley brings a boo: she weighs 2 of 4, so the $900 house is $225, $225 and $450.
  await database.db
    .update(surveys)
    .set({ extra_guests: { boo: true, child: false } })
    .where(eq(surveys.userId, people.riley.id));
  expect(await shares()).toEqual({ Alex: "$225.00", Riley: "$450.00", Sam: "$225.00" });
});

afterAll(() => resetEnvCache());

describe("settle-up counts what waits", () => {
  it("asks Sam for his share less the $64.29 he reported, and the more-than check counts it", async () => {
    const report = { intent: "report-payment", key: crypto.randomUUID(), amount: "64.29" };
    expect((await post("sam", report)).status).toBe(302);
    const line = (await usd("sam")).transfers.find((t) => t.from === people.sam.id)!;
    expect(line).toMatchObject({ to: people.alex.id, amount: 22_500, value: "160.71" });
    expect(line.text).toBe("Sam pays Alex $160.71 ($225.00 less the $64.29 you reported)");
    // Another member reads whose report it was.
    const seen = (await usd("alex")).transfers.find((t) => t.from === people.sam.id)!;
    expect(seen.text).toContain("less the $64.29 Sam reported");

    const settle = (amount: string) => ({
      intent: "settle",
      from: String(people.sam.id),
      to: String(people.alex.id),
      amount,
      currency: "USD",
      key: crypto.randomUUID(),
    });
    const more = await post("sam", settle("225"));
    expect(more.status).toBe(400);
    expect(await more.json()).toMatchObject({
      fieldErrors: {
        anyway:
          "This is more than Sam owes Alex ($160.71: $225.00 less the $64.29 reported and waiting). Record anyway?",
      },
    });
    expect((await post("sam", settle("160.71"))).status).toBe(302);
    // Alex confirms both: Sam is square, not $64.29 over.
    const reported = await database.db
      .select({ id: moneyPayments.id })
      .from(moneyPayments)
      .where(and(eq(moneyPayments.fromUserId, people.sam.id), eq(moneyPayments.status, "reported")));
    expect(reported).toHaveLength(2);
    for (const { id } of reported)
      expect((await post("alex", { intent: "confirm-payment", id: String(id) })).status).toBe(302);
    expect((await usd("boss")).rows.find((row) => row.id === people.sam.id)?.amount).toBe(0);
  });
});

describe("a leaver's share stays", () => {
  it("keeps Riley's share, expenses and payment under a former member; nobody else's share moves", async () => {
    // Riley paid a $60 dinner shared by the three, and $100 of her share (confirmed).
    const dinner = {
      intent: "add-expense",
      key: crypto.randomUUID(),
      description: "Dinner",
      amount: "60",
      currency: "USD",
      paidBy: String(people.riley.id),
      split: "equal",
      share: [people.alex.id, people.sam.id, people.riley.id].map(String),
    };
    expect((await post("riley", dinner)).status).toBe(302);
    expect(
      (
        await post("alex", {
          intent: "record-payment",
          from: String(people.riley.id),
          amount: "100",
          key: crypto.randomUUID(),
        })
      ).status,
    ).toBe(302);
    const before = await shares();

    // The delete page says what happens to her share and her open balance.
    const page = await callRoute(
      ownDelete.loader as never,
      makeRequest("/account/delete", { cookie: people.riley.cookie }),
    );
    const told = JSON.stringify(await page.json());
    expect(told).toContain("the others’ shares do not change");
    expect(told).toContain("you are owing $310.00");
    expect(told).toContain("nobody is asked to pay you or wait for you");

    const deleted = await callRoute(
      ownDelete.action as never,
      makeRequest("/account/delete", { cookie: people.riley.cookie, method: "POST", form: {} }),
    );
    expect(deleted.status).toBe(302);

    // Every other share unchanged; hers is listed under a former member, with what she paid.
    expect(await shares()).toEqual({ Alex: before.Alex, Sam: before.Sam, "A former member": "$450.00" });
    const line = (await money("boss")).lines.find((l) => l.name === "A former member")!;
    expect(line.reached).toBe("$100.00");
    await ledgerSumsToZero();

    // Settle-up asks nobody to pay or wait for her; the organiser sees her open balance apart.
    for (const who of ["alex", "sam", "boss"]) {
      const group = await usd(who);
      expect(group.transfers.every((t) => t.from !== people.riley.id && t.to !== people.riley.id)).toBe(true);
    }
    expect((await usd("sam")).former).toEqual([]);
    const open = (await usd("boss")).former;
    expect(open).toEqual([
      expect.objectContaining({ from: people.riley.id, to: people.alex.id, amount: 31_000 }),
    ]);
    expect(open[0].text).toBe("A former member pays Alex $310.00");
    // A member may not record it; the organiser does, and it counts at once.
    const settle = {
      intent: "settle",
      from: String(people.riley.id),
      to: String(people.alex.id),
      amount: "100",
      currency: "USD",
      key: crypto.randomUUID(),
    };
    expect((await post("alex", settle)).status).toBe(403);
    expect((await post("boss", settle)).status).toBe(302);
    expect((await usd("boss")).former[0]).toMatchObject({ amount: 21_000 });

    // The rest is written off: each payer's part shown first, nothing changes until it is ticked.
    const [writeOff] = (await usd("boss")).writeOffs;
    expect(writeOff).toMatchObject({ member: people.riley.id, text: "A former member owes $210.00" });
    expect((await usd("sam")).writeOffs).toEqual([]);
    const form = { intent: "write-off", member: String(people.riley.id), currency: "USD", key: writeOff.key };
    expect((await post("sam", { ...form, confirm: "yes" })).status).toBe(403);
    const asked = await post("boss", form);
    expect(asked.status).toBe(400);
    expect(await asked.json()).toMatchObject({
      fieldErrors: {
        confirm:
          "Write off the $210.00 A former member owes? The payers carry it by their weights: Alex $105.00, Sam $105.00. Tick “Yes, write it off” to confirm.",
      },
    });
    expect((await usd("boss")).former).toHaveLength(1);
    expect((await post("boss", { ...form, confirm: "yes" })).status).toBe(302);
    const after = await usd("boss");
    expect(after.former).toEqual([]);
    expect(after.rows.find((row) => row.id === people.riley.id)?.amount).toBe(0);
    const [written] = await database.db
      .select()
      .from(moneyHistory)
      .where(eq(moneyHistory.action, "Balance written off"));
    expect(written.newValue).toBe(
      "Written off: what A former member owed, $210.00: Alex $105.00, Sam $105.00",
    );
    await ledgerSumsToZero();
  });

  it("lets an edit of her expense keep her as its payer and sharer, never dropping her silently", async () => {
    const [dinner] = await database.db
      .select()
      .from(moneyExpenses)
      .where(eq(moneyExpenses.description, "Dinner"));
    const path = `/money/expenses/${dinner.id}`;
    const page = await callRoute(
      expensePage.loader as never,
      makeRequest(path, { cookie: people.boss.cookie }),
      { id: String(dinner.id) },
    );
    const { people: listed } = (await page.json()) as { people: { id: number; name: string }[] };
    expect(listed).toContainEqual({ id: people.riley.id, name: "A former member" });
    const form = {
      intent: "edit-expense",
      version: String(dinner.version),
      description: "Dinner out",
      amount: "60",
      currency: "USD",
      paidBy: String(people.riley.id),
      split: "equal",
      share: [people.alex.id, people.sam.id, people.riley.id].map(String),
    };
    const saved = await callRoute(
      expensePage.action as never,
      makeRequest(path, { cookie: people.boss.cookie, form }),
      { id: String(dinner.id) },
    );
    expect(saved.status).toBe(302);
    const line = (await money("boss")).expenses.find((e) => e.description === "Dinner out")!;
    expect(line.shares).toContain("A former member $20.00");
    await ledgerSumsToZero();
  });

  it("re-splits a former member's share only on purpose: each new share shown first, then a history line", async () => {
    const riley = String(people.riley.id);
    const asked = await setup({ intent: "payer", member: riley, change: "remove" });
    expect(asked.status).toBe(400);
    const question = ((await asked.json()) as { fieldErrors: Record<string, string> }).fieldErrors[
      `resplit-${riley}`
    ];
    expect(question).toContain("Re-split A former member’s share ($450.00) over the others?");
    expect(question).toContain("Alex $450.00 (now $225.00), Sam $450.00 (now $225.00)");
    expect(await shares()).toMatchObject({ Alex: "$225.00", Sam: "$225.00" });

    const done = await setup({
      intent: "payer",
      member: riley,
      change: "remove",
      [`resplit-${riley}`]: "yes",
    });
    expect(done.status).toBe(302);
    expect(await shares()).toEqual({ Alex: "$450.00", Sam: "$450.00" });
    const [history] = await database.db
      .select()
      .from(moneyHistory)
      .where(eq(moneyHistory.action, "Share re-split"));
    expect(history).toMatchObject({ subject: "A former member", oldValue: "pays", newValue: "does not pay" });
    await ledgerSumsToZero();
  });
});
