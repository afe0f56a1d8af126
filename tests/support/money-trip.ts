import { expect } from "vitest";
import { getDb } from "~/platform/db/client.server";
import { surveys } from "~/platform/db/schema";
import * as moneyPage from "~/routes/money._index";
import * as setupPage from "~/routes/money.setup";
import { callRoute, makeRequest, signedInMember } from "./requests";
import { chooseHouse } from "./season";

type Loaded = Awaited<ReturnType<typeof moneyPage.loader>> extends { data: infer D } ? D : never;
export type MoneyPage = Loaded extends { page: infer P } ? P : never;
type People = Record<string, { id: number; cookie: string }>;

/**
 * The money pages as `people` call them: /money read and posted (an expense added), /money/setup
 * posted by Boss.
 */
export function moneyPages(people: People) {
  const post = (who: string, form: Record<string, string | string[]>) =>
    callRoute(moneyPage.action as never, makeRequest("/money", { cookie: people[who].cookie, form }));
  return {
    async money(who: string): Promise<MoneyPage> {
      const response = await callRoute(
        moneyPage.loader as never,
        makeRequest("/money", { cookie: people[who].cookie }),
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { page: MoneyPage }).page;
    },
    post,
    /** An expense `who` adds, split equally among Alex, Sam and Riley unless `form` says otherwise. */
    addExpense: (who: string, form: Record<string, string | string[]>) =>
      post(who, {
        intent: "add-expense",
        key: crypto.randomUUID(),
        split: "equal",
        share: [people.alex.id, people.sam.id, people.riley.id].map(String),
        ...form,
      }),
    setup: (form: Record<string, string>) =>
      callRoute(
        setupPage.action as never,
        makeRequest("/money/setup", { cookie: people.boss.cookie, form: new URLSearchParams(form) }),
      ),
  };
}

/**
 * Boss (an organiser) and Alex, Sam and Riley (attending "yes") in `people`; the $900 house chosen
 * and Alex its receiver: Sam and Riley owe Alex $300.00 each.
 */
export async function startMoneyTrip(people: People) {
  const db = await getDb();
  people.boss = await signedInMember("boss@example.com", { name: "Boss", organiser: true });
  for (const name of ["Alex", "Sam", "Riley"]) {
    people[name.toLowerCase()] = await signedInMember(`${name.toLowerCase()}@example.com`, { name });
    await db.insert(surveys).values({
      userId: people[name.toLowerCase()].id,
      name,
      attending: "yes",
      extra_guests: { boo: false, child: false },
    });
  }
  await chooseHouse({ num_bedrooms: 3, num_beds: 3, num_baths: 1, priceMinor: 90_000 });
  const saved = await moneyPages(people).setup({
    intent: "settings",
    receiver: String(people.alex.id),
    childWeight: "50",
    depositKind: "none",
    depositValue: "",
    depositDue: "",
    balanceDue: "",
    instructions: "",
  });
  expect(saved.status).toBe(302);
}
