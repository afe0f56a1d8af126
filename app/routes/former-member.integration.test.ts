import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  moneyExpenseShares,
  moneyExpenses,
  moneyPayments,
  surveys,
  tripRides,
  users,
} from "~/platform/db/schema";
import { resetEnvCache } from "~/platform/env.server";
import { getUserByEmail } from "~/platform/models/user.server";

import { loadMoneyInput } from "~/features/money/index.server";
import { computeMoney } from "~/features/money/lib/money";
import { getCurrentEdition } from "~/features/season/index.server";
import { acceptRide, askRide, listRides, listTravel, saveTravel } from "~/features/trip/index.server";
import { callRoute, makeRequest, signedInMember } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { DRIVING_THERE, chooseHouse } from "../../tests/support/season";
import { useFakeMail } from "../../tests/support/mail";
import * as moneyPage from "~/routes/money._index";
import * as setupPage from "~/routes/money.setup";
import * as historyPage from "~/routes/money.history";
import * as sharesCsv from "~/routes/money.shares[.]csv";
import * as ledgerCsv from "~/routes/money.ledger[.]csv";
import * as ownDelete from "~/routes/account_.delete";
import * as organiserDelete from "~/routes/organiser_.members.$id.delete";
import * as accountData from "~/routes/account_.data";

const database = useFreshDatabase();
useFakeMail({ ADMIN_EMAILS: "boss@example.com", APP_URL: "http://localhost:3000" });
const people: Record<string, { id: number; cookie: string }> = {};
const NAMES = ["Alex", "Sam", "Riley", "Kim", "Jo"];

const post = (who: string, form: Record<string, string | string[]>) =>
  callRoute(moneyPage.action as never, makeRequest("/money", { cookie: people[who].cookie, form }));

const ORGANISER_ONLY = new Set(["/money/setup", "/money/shares.csv", "/money/ledger.csv"]);
const PAGES = [
  ["/money", moneyPage],
  ["/money/history", historyPage],
  ["/money/setup", setupPage],
  ["/money/shares.csv", sharesCsv],
  ["/money/ledger.csv", ledgerCsv],
] as const;

/** Every money page and CSV as `who` sees it: the statuses (a member may be refused setup: 403). */
async function statuses(who: string) {
  const answers: Record<string, number> = {};
  for (const [path, route] of PAGES) {
    const response = await callRoute(
      route.loader as never,
      makeRequest(path, { cookie: people[who].cookie }),
    );
    answers[path] = response.status;
  }
  return answers;
}

async function balancesSumToZero() {
  const { input } = await loadMoneyInput((await getCurrentEdition()).id);
  const { balances } = computeMoney(input);
  for (const [currency, perPerson] of balances) {
    expect([currency, [...perPerson.values()].reduce((a, b) => a + b, 0)]).toEqual([currency, 0]);
  }
  return balances;
}

/** A member who paid an expense, has a share in another, a confirmed payment and an accepted ride. */
async function entangle(who: string) {
  const id = String(people[who].id);
  const share = [people.alex.id, people.sam.id, people[who].id].map(String);
  const paid = await post(who, {
    intent: "add-expense",
    key: crypto.randomUUID(),
    description: `Groceries by ${who}`,
    amount: "90",
    currency: "EUR",
    paidBy: id,
    split: "equal",
    share,
  });
  expect(paid.status).toBe(302);
  const other = await post("sam", {
    intent: "add-expense",
    key: crypto.randomUUID(),
    description: `Fuel shared with ${who}`,
    amount: "61",
    currency: "EUR",
    paidBy: String(people.sam.id),
    split: "equal",
    share: [...new Set([String(people.sam.id), id])],
  });
  expect(other.status).toBe(302);
  expect(
    (await post(who, { intent: "report-payment", key: crypto.randomUUID(), amount: "100" })).status,
  ).toBe(302);
  const [payment] = await database.db
    .select({ id: moneyPayments.id })
    .from(moneyPayments)
    .where(and(eq(moneyPayments.fromUserId, people[who].id), eq(moneyPayments.status, "reported")));
  expect((await post("alex", { intent: "confirm-payment", id: String(payment.id) })).status).toBe(302);
  await saveTravel(people[who].id, { ...TRAVEL, how: "ride" });
  expect(await askRide(people[who].id, people.kim.id)).toBe(true);
  const ride = (await listRides()).find((r) => r.riderId === people[who].id)!;
  expect(await acceptRide(ride.id, people.kim.id)).toBe("accepted");
  expect((await listTravel()).find((t) => t.userId === people.kim.id)?.seatsTaken).toBe(1);
}

const TRAVEL = DRIVING_THERE;

/** What must hold for everyone after `who` left. */
async function stillWhole(who: string, email: string, formerName: string) {
  for (const member of ["boss", "alex", "sam"].filter((name) => name !== who)) {
    const answers = await statuses(member);
    for (const [path, status] of Object.entries(answers))
      expect([member, path, status]).toEqual([
        member,
        path,
        ORGANISER_ONLY.has(path) && member !== "boss" ? 403 : 200,
      ]);
  }
  await balancesSumToZero();
  const page = (await (
    await callRoute(
      moneyPage.loader as never,
      makeRequest("/money?expenses=all", { cookie: people.boss.cookie }),
    )
  ).json()) as {
    page: {
      expenses: { text: string }[];
      payments: { text: string }[];
      balances: { rows: { name: string }[] }[];
    };
  };
  const { expenses, payments, balances } = page.page;
  const groceries = expenses.find((e) => JSON.stringify(e).includes(`Groceries by ${who}`));
  expect(JSON.stringify(groceries)).toContain(formerName);
  expect(
    JSON.stringify(expenses.find((e) => JSON.stringify(e).includes(`Fuel shared with ${who}`))),
  ).toContain(formerName);
  expect(payments.some((p) => p.text.includes(formerName))).toBe(true);
  expect(balances.some((b) => b.rows.some((row) => row.name === formerName))).toBe(true);
  return balances.flatMap((b) => b.rows.map((row) => row.name));
  // The seat is free again, and no open ride names the member who left.
  expect((await listTravel()).find((t) => t.userId === people.kim.id)?.seatsTaken).toBe(0);
  expect((await listRides()).filter((r) => r.riderId === people[who].id && r.status !== "declined")).toEqual(
    [],
  );
  // The account row stays, anonymised: no address, no way in, and the address is free again.
  expect(await getUserByEmail(email)).toBeUndefined();
  const [row] = await database.db.select().from(users).where(eq(users.id, people[who].id));
  expect(row.name).toBeNull();
  expect(row.passwordHash).toBe("");
  expect(row.leftAt).not.toBeNull();
  expect(
    (await database.db.select().from(moneyExpenses).where(eq(moneyExpenses.paidBy, people[who].id))).length,
  ).toBe(1);
  const again = await signedInMember(email, { name: "Back again" });
  expect(again.id).not.toBe(people[who].id);
}

beforeAll(async () => {
  people.boss = await signedInMember("boss@example.com", { name: "Boss", organiser: true });
  for (const name of NAMES) {
    people[name.toLowerCase()] = await signedInMember(`${name.toLowerCase()}@example.com`, { name });
  }
  for (const who of ["alex", "sam", "riley", "jo"]) {
    await database.db.insert(surveys).values({ userId: people[who].id, name: who, attending: "yes" });
  }
  await chooseHouse();
  const settings = await callRoute(
    setupPage.action as never,
    makeRequest("/money/setup", {
      cookie: people.boss.cookie,
      form: {
        intent: "settings",
        receiver: String(people.alex.id),
        childWeight: "50",
        depositKind: "none",
        depositValue: "0",
        depositDue: "",
        balanceDue: "",
        instructions: "",
      },
    }),
  );
  expect(settings.status).toBe(302);
  await saveTravel(people.kim.id, { ...TRAVEL, seats: 2 });
});

afterAll(() => resetEnvCache());

describe("a member who leaves does not take the money down", () => {
  it("tells the member and the organiser, before they confirm, what happens to money, rides and rooms", async () => {
    await entangle("riley");
    const confirm = await callRoute(
      ownDelete.loader as never,
      makeRequest("/account/delete", { cookie: people.riley.cookie }),
    );
    const shown = JSON.stringify(await confirm.json());
    expect(shown).toContain("A former member");
    expect(shown).toMatch(/rides?/i);
    expect(shown).toMatch(/room/i);
    // Riley paid €90 and owes €30 + €30.50 of the two expenses, and is owed $100 paid to Alex.
    expect(shown).toContain("€29.50");
    const organiserView = await callRoute(
      organiserDelete.loader as never,
      makeRequest(`/organiser/members/${people.riley.id}/delete`, { cookie: people.boss.cookie }),
      { id: String(people.riley.id) },
    );
    const told = JSON.stringify(await organiserView.json());
    expect(told).toContain("A former member");
    expect(told).toContain("€29.50");
  });

  it("keeps every money page whole when a member deletes their own account", async () => {
    if (!(await listRides()).some((r) => r.riderId === people.riley.id)) await entangle("riley");
    await balancesSumToZero();
    const deleted = await callRoute(
      ownDelete.action as never,
      makeRequest("/account/delete", { cookie: people.riley.cookie, method: "POST", form: {} }),
    );
    expect(deleted.status).toBe(302);
    // The only one who left so far: no number needed.
    await stillWhole("riley", "riley@example.com", "A former member");
  });

  it("keeps every money page whole when the organiser deletes a member's account", async () => {
    await entangle("jo");
    const deleted = await callRoute(
      organiserDelete.action as never,
      makeRequest(`/organiser/members/${people.jo.id}/delete`, {
        cookie: people.boss.cookie,
        method: "POST",
        form: { intent: "confirm" },
      }),
      { id: String(people.jo.id) },
    );
    expect(deleted.status).toBe(302);
    // Two have left: each is told apart, numbered in the order they left, Riley's number kept after.
    const names = await stillWhole("jo", "jo@example.com", "A former member (2)");
    expect(names).toContain("A former member (1)");
    expect(names).not.toContain("A former member");
    const rides = await database.db.select().from(tripRides).where(eq(tripRides.riderId, people.jo.id));
    expect(rides.every((ride) => ride.status === "declined")).toBe(true);
  });

  it("hands a member their money and trip records in Download my data", async () => {
    await saveTravel(people.sam.id, { ...TRAVEL, how: "ride" });
    const data = await callRoute(
      accountData.loader as never,
      makeRequest("/account/data", { cookie: people.sam.cookie }),
    );
    const exported = JSON.stringify(await data.json());
    expect(exported).toContain("Fuel shared with riley");
    expect(exported).toContain("Groceries by riley");
    expect(exported).toContain('"how":"ride"');
  });

  it("shows an unbalanced ledger with a warning for the organiser and logs it once, never a 500", async () => {
    // However it came about (a hand edit, a restore): a share row goes, the expense no longer adds up.
    const [share] = await database.db
      .select()
      .from(moneyExpenseShares)
      .where(eq(moneyExpenseShares.userId, people.alex.id))
      .limit(1);
    await database.db
      .delete(moneyExpenseShares)
      .where(
        and(eq(moneyExpenseShares.expenseId, share.expenseId), eq(moneyExpenseShares.userId, share.userId)),
      );
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const member of ["boss", "alex", "sam"]) {
        for (const [path, status] of Object.entries(await statuses(member)))
          expect([member, path, status]).toEqual([
            member,
            path,
            ORGANISER_ONLY.has(path) && member !== "boss" ? 403 : 200,
          ]);
      }
      const boss = (await (
        await callRoute(moneyPage.loader as never, makeRequest("/money", { cookie: people.boss.cookie }))
      ).json()) as { page: { unbalanced: string[] } };
      expect(boss.page.unbalanced).toEqual([expect.stringContaining("EUR")]);
      const sam = (await (
        await callRoute(moneyPage.loader as never, makeRequest("/money", { cookie: people.sam.cookie }))
      ).json()) as { page: { unbalanced: string[] } };
      expect(sam.page.unbalanced).toEqual([]);
      const ledgerLogs = logged.mock.calls.filter(([message]) => String(message).includes("add up to"));
      expect(ledgerLogs).toHaveLength(1);
    } finally {
      logged.mockRestore();
    }
  });
});
