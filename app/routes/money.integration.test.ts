import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyExpenses, moneyPayments, surveys } from "~/platform/db/schema";
import { resetEnvCache } from "~/platform/env.server";
import { setPlannedWeekend } from "~/features/season/models/event-settings.server";
import { nextEditionPlan, startNextEdition } from "~/features/organiser/index.server";
import { personalLinkState } from "~/features/accounts/index.server";
import { callRoute, makeRequest, signedInMember } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { chooseHouse } from "../../tests/support/season";
import { moneyPages } from "../../tests/support/money-trip";
import { useFakeMail } from "../../tests/support/mail";
import { LATEST_EXPENSES } from "~/features/money/services/money-page.server";
import * as moneyPage from "~/routes/money._index";
import * as pastMoney from "~/routes/money.$year";
import * as setupPage from "~/routes/money.setup";
import * as historyPage from "~/routes/money.history";
import * as expensePage from "~/routes/money.expenses.$id";
import * as sharesCsv from "~/routes/money.shares[.]csv";

const database = useFreshDatabase();
const fake = useFakeMail({ ADMIN_EMAILS: "boss@example.com", APP_URL: "http://localhost:3000" });
const people: Record<string, { id: number; cookie: string }> = {};

type Page = Awaited<ReturnType<typeof moneyPage.loader>> extends { data: infer D } ? D : never;

async function page(who: string, path = "/money", route: { loader: unknown } = moneyPage, params = {}) {
  const response = await callRoute(
    route.loader as never,
    makeRequest(path, { cookie: people[who].cookie }),
    params,
  );
  expect(response.status, `${who} GET ${path}`).toBe(200);
  return (await response.json()) as Page & Record<string, never>;
}
const money = async (who: string) => (await page(who)).page;

function post(
  who: string,
  form: Record<string, string | string[]>,
  path = "/money",
  route: { action: unknown } = moneyPage,
  params = {},
) {
  return callRoute(route.action as never, makeRequest(path, { cookie: people[who].cookie, form }), params);
}
const setup = (who: string, form: Record<string, string>) => post(who, form, "/money/setup", setupPage);
const { addExpense } = moneyPages(people);

beforeAll(async () => {
  people.boss = await signedInMember("boss@example.com", { name: "Boss", organiser: true });
  for (const name of ["Alex", "Sam", "Riley", "Kim"]) {
    people[name.toLowerCase()] = await signedInMember(`${name.toLowerCase()}@example.com`, { name });
  }
  const answers = [
    ["alex", "yes", { boo: true, child: false }],
    ["sam", "yes", { boo: false, child: false }],
    ["riley", "yes", { boo: false, child: true }],
    ["kim", "no", { boo: false, child: false }],
  ] as const;
  for (const [who, attending, extra_guests] of answers) {
    await database.db
      .insert(surveys)
      .values({ userId: people[who].id, name: who[0].toUpperCase() + who.slice(1), attending, extra_guests });
  }
  await chooseHouse({ priceMinor: 100_001 });
  // A decided season (decision 024): the weekend and the house chosen.
  await setPlannedWeekend("Aug 21 - Aug 25");
});

afterAll(() => resetEnvCache());

describe("a season's money", () => {
  it("keeps visitors out and shows a member who is not on the trip only their own position", async () => {
    const visitor = await callRoute(moneyPage.loader as never, makeRequest("/money"));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?redirect=%2Fmoney/);
    const kim = await money("kim");
    expect(kim.inLedger).toBe(false);
    expect(kim.lines).toEqual([]);
    expect(kim.expenses).toEqual([]);
    const refused = await post("kim", {
      intent: "add-expense",
      key: crypto.randomUUID(),
      description: "x",
      amount: "1",
      currency: "USD",
      paidBy: String(people.kim.id),
      split: "equal",
      share: String(people.kim.id),
    });
    expect(refused.status).toBe(403);
  });

  it("splits the house by weights to the cent, and follows a weight override", async () => {
    const settings = {
      intent: "settings",
      receiver: String(people.alex.id),
      childWeight: "50",
      depositKind: "percent",
      depositValue: "25",
      depositDue: "2099-06-01",
      balanceDue: "2099-08-01",
      instructions: "Venmo @alex or https://pay.example/alex javascript:alert(1)",
    };
    const bad = await setup("boss", { ...settings, depositValue: "250" });
    expect(bad.status).toBe(400);
    expect((await setup("sam", settings)).status).toBe(403);
    expect((await setup("boss", settings)).status).toBe(302);
    // Weights: Alex 2 (a boo), Riley 1.5 (a child at 0.5), Sam 1 = 4.5 for $1,000.01.
    let lines = (await money("boss")).lines;
    expect(lines.map((l) => [l.name, l.weight, l.share])).toEqual([
      ["Alex", "2", "$444.45"],
      ["Riley", "1.5", "$333.34"],
      ["Sam", "1", "$222.22"],
    ]);
    const badWeight = await setup("boss", {
      intent: "payer",
      member: String(people.sam.id),
      [`weight-${people.sam.id}`]: "11",
    });
    expect(badWeight.status).toBe(400);
    expect(await badWeight.json()).toMatchObject({
      fieldErrors: { [`weight-${people.sam.id}`]: "A weight is a number from 0 to 10, e.g. 1 or 0.5" },
    });
    expect(
      (
        await setup("boss", {
          intent: "payer",
          member: String(people.sam.id),
          [`weight-${people.sam.id}`]: "0.5",
        })
      ).status,
    ).toBe(302);
    lines = (await money("boss")).lines;
    expect(lines.map((l) => l.share)).toEqual(["$500.01", "$375.00", "$125.00"]);
    // A member sees their own line only; the receiver sees every line.
    expect((await money("sam")).lines.map((l) => l.name)).toEqual(["Sam"]);
    expect((await money("alex")).lines).toHaveLength(3);
  });

  it("draws the forms' double-submit keys afresh on every load of the page", async () => {
    const keysOf = async () => Object.values((await money("alex")).keys);
    const [first, second] = [await keysOf(), await keysOf()];
    expect(new Set([...first, ...second]).size).toBe(first.length + second.length);
  });

  it("adds one payment for 20 parallel posts of one form, and a rejected report needs a reason", async () => {
    const key = crypto.randomUUID();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        post("sam", {
          intent: "report-payment",
          key,
          amount: "$100",
          paidOn: "2099-05-01",
          note: "Venmo",
        }).then((r) => r.status),
      ),
    );
    expect(statuses.every((status) => status === 302)).toBe(true);
    const rows = await database.db.select().from(moneyPayments).where(eq(moneyPayments.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    const badAmount = await post("riley", {
      intent: "report-payment",
      key: crypto.randomUUID(),
      amount: "12,34",
    });
    expect(badAmount.status).toBe(400);
    expect(await badAmount.json()).toMatchObject({
      fieldErrors: { amount: expect.stringContaining("Write the amount") },
    });
    await post("riley", { intent: "report-payment", key: crypto.randomUUID(), amount: "50" });
    const reported = (await money("alex")).payments;
    const [samPaid, rileyPaid] = reported;
    expect(samPaid.text).toContain("Sam paid Alex $100.00 on May 1, 2099 — Venmo (reported)");
    expect((await post("sam", { intent: "confirm-payment", id: String(samPaid.id) })).status).toBe(403);
    expect(
      (await post("alex", { intent: "reject-payment", id: String(rileyPaid.id), reason: "" })).status,
    ).toBe(400);
    // A reason longer than its 200 characters is refused, not cut (the form crawler's wrong value).
    const long = await post("alex", {
      intent: "reject-payment",
      id: String(rileyPaid.id),
      reason: "x".repeat(201),
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      fieldErrors: { [`reason-${rileyPaid.id}`]: "Reason must be at most 200 characters" },
      values: { reason: "x".repeat(201) },
    });
    expect(
      (await post("alex", { intent: "reject-payment", id: String(rileyPaid.id), reason: "Not received" }))
        .status,
    ).toBe(302);
    expect((await post("alex", { intent: "confirm-payment", id: String(samPaid.id) })).status).toBe(302);
    expect((await post("boss", { intent: "confirm-payment", id: String(samPaid.id) })).status).toBe(409);
    const sam = (await money("sam")).lines[0];
    expect(sam).toMatchObject({
      share: "$125.00",
      reached: "$100.00",
      due: "$25.00 by August 1, 2099",
      standing: "you owe $25.00",
    });
    const riley = (await money("boss")).lines.find((l) => l.name === "Riley")!;
    expect(riley).toMatchObject({ reached: "$0.00", reported: "", due: "$93.75 by June 1, 2099" });
  });

  it("mails the payment reminder to exactly the payers with something due, once per 24 hours", async () => {
    fake.mails.length = 0;
    const status = (
      (await page("boss", "/money/setup", setupPage)).page as unknown as {
        reminder: { recipients: Array<{ name: string }> };
      }
    ).reminder;
    expect(status.recipients.map((r: { name: string }) => r.name)).toEqual(["Riley", "Sam"]);
    // The confirmation step, as every mail round has: who gets it (with their amount), what it says.
    const step = (
      (await page("boss", "/money/setup?step=reminder", setupPage)).page as unknown as {
        reminderStep: { entries: string[]; preview: { subject: string; text: string } };
      }
    ).reminderStep;
    expect(step.entries).toEqual([
      "Riley <riley@example.com>: $93.75 by June 1, 2099",
      "Sam <sam@example.com>: $25.00 by August 1, 2099",
    ]);
    expect(step.preview.text).toContain("$93.75 of your share of Lakeside Lodge is due by June 1, 2099");
    expect(fake.mails).toHaveLength(0);
    expect((await setup("boss", { intent: "send-reminder" })).status).toBe(302);
    expect(fake.mails.map((mail) => mail.to).sort()).toEqual(["riley@example.com", "sam@example.com"]);
    const toSam = fake.mails.find((mail) => mail.to === "sam@example.com")!;
    expect(toSam.text).toContain("$25.00 of your share of Lakeside Lodge is due by August 1, 2099");
    expect(toSam.text).toContain("In the whole trip (the house, expenses and payments) you owe $25.00");
    expect(toSam.text).not.toContain("93.75");
    // Sam's own personal link: one press signs Sam in on /money.
    const token = /Your line and the instructions: \S+\/continue\/([\w-]+)/.exec(toSam.text)![1];
    expect(await personalLinkState(token)).toMatchObject({ state: "live", target: "/money", name: "Sam" });
    expect((await setup("boss", { intent: "send-reminder" })).status).toBe(409);
    expect(fake.mails).toHaveLength(2);
  });

  it("keeps two currencies apart, refuses a second edit of one version, keeps edits and deletions in the history, and settles", async () => {
    const [alex, sam, riley] = [people.alex.id, people.sam.id, people.riley.id].map(String);
    const badSplit = await addExpense("sam", {
      description: "Boat",
      amount: "300",
      currency: "USD",
      paidBy: sam,
      split: "exact",
      [`exact-${alex}`]: "100",
      [`exact-${sam}`]: "100",
      [`exact-${riley}`]: "99",
    });
    expect(badSplit.status).toBe(400);
    expect(await badSplit.json()).toMatchObject({
      fieldErrors: { split: "The exact amounts must add up to the expense's amount" },
      values: { description: "Boat" },
    });
    expect(
      (await addExpense("sam", { description: "Groceries", amount: "1,000", currency: "mxn", paidBy: sam }))
        .status,
    ).toBe(302);
    expect(
      (
        await addExpense("riley", {
          description: "Boat",
          amount: "300",
          currency: "USD",
          paidBy: riley,
          split: "exact",
          [`exact-${alex}`]: "100",
          [`exact-${sam}`]: "100",
          [`exact-${riley}`]: "100",
        })
      ).status,
    ).toBe(302);
    expect(
      (
        await addExpense("riley", {
          description: "Drinks",
          amount: "60",
          currency: "USD",
          paidBy: riley,
          split: "weights",
        })
      ).status,
    ).toBe(302);
    expect(
      (
        await addExpense("riley", {
          description: "Nobody",
          amount: "60",
          currency: "USD",
          paidBy: riley,
          share: [],
        })
      ).status,
    ).toBe(400);

    const view = await money("sam");
    expect(view.multiCurrency).toBe(true);
    const groceries = view.expenses.find((e) => e.description === "Groceries")!;
    // Split in the payers' order (name, then id), never the form's: the extra cent goes to Alex.
    expect(groceries.shares).toBe("Alex MX$333.34, Riley MX$333.33, Sam MX$333.33");
    for (const share of [
      [alex, sam, riley],
      [riley, sam, alex],
    ]) {
      expect(
        (
          await addExpense("sam", {
            description: "Tacos",
            amount: "1.00",
            currency: "USD",
            paidBy: sam,
            share,
          })
        ).status,
      ).toBe(302);
    }
    const tacos = (await money("sam")).expenses.filter((e) => e.description === "Tacos");
    expect(tacos.map((e) => e.shares)).toEqual([
      "Alex $0.34, Riley $0.33, Sam $0.33",
      "Alex $0.34, Riley $0.33, Sam $0.33",
    ]);

    // Two edits from one version: the first is saved, the second is refused and says why.
    const boat = (
      await database.db.select().from(moneyExpenses).where(eq(moneyExpenses.description, "Boat"))
    )[0];
    const edit = (amount: string) =>
      post(
        "riley",
        {
          intent: "edit-expense",
          version: String(boat.version),
          description: "Boat trip",
          amount,
          currency: "USD",
          paidBy: riley,
          split: "equal",
          share: [alex, sam, riley],
        },
        `/money/expenses/${boat.id}`,
        expensePage,
        { id: String(boat.id) },
      );
    const [first, second] = await Promise.all([edit("330"), edit("360")]);
    expect([first.status, second.status].sort()).toEqual([302, 409]);
    const refusal = [first, second].find((r) => r.status === 409)!;
    expect(await refusal.json()).toMatchObject({
      error: expect.stringContaining("Someone else changed this expense since you opened it"),
    });
    expect(
      (
        await post(
          "sam",
          { intent: "delete-expense", version: String(boat.version + 1) },
          `/money/expenses/${boat.id}`,
          expensePage,
          { id: String(boat.id) },
        )
      ).status,
    ).toBe(403);
    const drinks = (
      await database.db.select().from(moneyExpenses).where(eq(moneyExpenses.description, "Drinks"))
    )[0];
    expect(
      (
        await post(
          "riley",
          { intent: "delete-expense", version: String(drinks.version) },
          `/money/expenses/${drinks.id}`,
          expensePage,
          { id: String(drinks.id) },
        )
      ).status,
    ).toBe(302);

    const history = (await page("sam", "/money/history", historyPage)) as unknown as {
      rows: Array<{ action: string; oldValue: string; newValue: string }>;
    };
    const edited = history.rows.find((row) => row.action === "Expense edited")!;
    expect(edited.oldValue).toContain("Boat: $300.00 paid by Riley, split by exact amounts");
    expect(edited.newValue).toMatch(/Boat trip: \$3[36]0\.00 paid by Riley, split equally/);
    expect(history.rows.find((row) => row.action === "Expense deleted")?.oldValue).toContain(
      "Drinks: $60.00",
    );
    for (const action of [
      "Weight changed",
      "Payment reported",
      "Payment rejected",
      "Payment confirmed",
      "Money settings changed",
    ]) {
      expect(history.rows.map((row) => row.action)).toContain(action);
    }
    expect((await money("sam")).expenses.find((e) => e.description === "Drinks")?.deleted).toBe(true);

    // Settle up: record every transfer, then every balance in both currencies is zero.
    const before = await money("boss");
    expect(before.balances.map((group) => group.currency).sort()).toEqual(["MXN", "USD"]);
    for (const group of before.balances) {
      const involved = group.rows.filter((row) => row.amount !== 0).length;
      expect(group.transfers.length).toBeLessThanOrEqual(involved - 1);
      for (const transfer of group.transfers) {
        const form = {
          intent: "settle",
          from: String(transfer.from),
          to: String(transfer.to),
          amount: transfer.value,
          currency: group.currency,
          key: transfer.key,
        };
        expect((await post("boss", form)).status).toBe(302);
        expect((await post("boss", form)).status).toBe(302); // a double submit records it once
      }
    }
    const after = await money("boss");
    for (const group of after.balances) {
      expect(group.rows.every((row) => row.amount === 0)).toBe(true);
      expect(group.transfers).toEqual([]);
    }
    // One truth (decision 027): settled balances leave nothing due on any line, and no reminder.
    expect(after.lines.map((line) => [line.name, line.due, line.standing])).toEqual([
      ["Alex", "", "settled up"],
      ["Riley", "", "settled up"],
      ["Sam", "", "settled up"],
    ]);
    expect((await money("sam")).lines[0]).toMatchObject({ due: "", standing: "settled up" });
    const settled = (
      (await page("boss", "/money/setup?step=reminder", setupPage)).page as unknown as {
        reminder: { recipients: unknown[]; blocked: string; canSend: boolean };
        reminderStep: unknown;
      }
    ).reminder;
    expect(settled).toMatchObject({ recipients: [], canSend: false });
    expect(settled.blocked).toContain("Nobody has anything due");
    const csv = await callRoute(
      sharesCsv.loader as never,
      makeRequest("/money/shares.csv", { cookie: people.boss.cookie }),
    );
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(await csv.text()).toContain('"Sam",0.5,"USD","125.00"');
    expect(
      (
        await callRoute(
          sharesCsv.loader as never,
          makeRequest("/money/shares.csv", { cookie: people.sam.cookie }),
        )
      ).status,
    ).toBe(403);
  });

  it("starts the next edition empty and keeps the old ledger read-only for those on that trip", async () => {
    const plan = await nextEditionPlan();
    const started = await startNextEdition({
      fromId: plan.fromId,
      name: "SGW26",
      plannedWeekend: String(plan.plannedWeekend),
    });
    expect(started.started).toBe(true);
    const fresh = await money("sam");
    expect(fresh.expenses).toEqual([]);
    expect(fresh.payments).toEqual([]);
    expect(fresh.balances).toEqual([]);
    expect(fresh.pastYears).toEqual([plan.current.year]);
    const old = (
      await page("sam", `/money/${plan.current.year}`, pastMoney, { year: String(plan.current.year) })
    ).page;
    expect(old.readOnly).toBe(true);
    expect(old.expenses.map((e) => e.description)).toEqual([
      "Groceries",
      "Boat trip",
      "Drinks",
      "Tacos",
      "Tacos",
    ]);
    const kim = await callRoute(
      pastMoney.loader as never,
      makeRequest(`/money/${plan.current.year}`, { cookie: people.kim.cookie }),
      { year: String(plan.current.year) },
    );
    expect(kim.status).toBe(403);
    // A form of the old trip posted now is refused (Sam is on no list of the new edition) and nothing lands in the archive.
    const late = await post("sam", {
      intent: "add-expense",
      key: crypto.randomUUID(),
      description: "Late",
      amount: "5",
      currency: "USD",
      paidBy: String(people.sam.id),
      split: "equal",
      share: String(people.sam.id),
    });
    expect(late.status).toBe(403);
    const archived = await database.db
      .select()
      .from(moneyExpenses)
      .where(eq(moneyExpenses.description, "Late"));
    expect(archived).toEqual([]);
  });
  it("lists the latest expenses and all of them on request, each new one at once", async () => {
    // The new edition (started above): Sam and Alex are on its trip.
    await database.db.insert(surveys).values([
      { userId: people.sam.id, name: "Sam", attending: "yes", extra_guests: { boo: false, child: false } },
      { userId: people.alex.id, name: "Alex", attending: "yes", extra_guests: { boo: false, child: false } },
    ]);
    const [sam, alex] = [people.sam.id, people.alex.id].map(String);
    for (let n = 1; n <= LATEST_EXPENSES + 1; n++) {
      const added = await post("sam", {
        intent: "add-expense",
        key: crypto.randomUUID(),
        description: `Round ${n}`,
        amount: String(n),
        currency: "USD",
        paidBy: sam,
        split: "equal",
        share: [sam, alex],
      });
      expect(added.status, `expense ${n}`).toBe(302);
      // Read after every write: the computed trip is kept between requests, never past a change.
      expect((await money("sam")).expenseCount).toBe(n);
    }
    const latest = await money("sam");
    expect(latest.expenses.map((e) => e.description)).toEqual(
      Array.from({ length: LATEST_EXPENSES }, (_, i) => `Round ${i + 2}`),
    );
    const all = (await page("sam", "/money?expenses=all")).page;
    expect(all.expenses).toHaveLength(LATEST_EXPENSES + 1);
    expect(all.expenses[0].description).toBe("Round 1");
    // Every expense counts in the balances, listed or not: Sam paid 231, half of it is Alex's.
    const usd = all.balances.find((group) => group.currency === "USD")!;
    expect(usd.rows.find((row) => row.id === people.alex.id)?.amount).toBe(-11550);
  });
});
