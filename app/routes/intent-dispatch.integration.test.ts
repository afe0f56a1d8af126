import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { surveys } from "~/platform/db/schema";
import { resetEnvCache } from "~/platform/env.server";

import { callRoute, makeRequest, signedInMember } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { chooseHouse } from "../../tests/support/season";
import { useFakeMail } from "../../tests/support/mail";
import * as moneyPage from "~/routes/money._index";
import * as setupPage from "~/routes/money.setup";
import * as accountPage from "~/routes/account";

// The attack: an intent that names something every plain object has (`constructor` ran
// `Object(loaded)` and answered the whole loaded trip, the requester's password hash with it).
const PROTOTYPE_NAMES = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];

const database = useFreshDatabase();
useFakeMail({ ADMIN_EMAILS: "boss@example.com", APP_URL: "http://localhost:3000" });
const people: Record<string, { id: number; cookie: string }> = {};

beforeAll(async () => {
  people.boss = await signedInMember("boss@example.com", { name: "Boss", organiser: true });
  for (const name of ["alex", "kim"]) people[name] = await signedInMember(`${name}@example.com`, { name });
  await database.db.insert(surveys).values({ userId: people.alex.id, name: "Alex", attending: "yes" });
  await chooseHouse();
});

afterAll(() => resetEnvCache());

async function post(route: { action: unknown }, path: string, who: string, intent: string) {
  const response = await callRoute(
    route.action as never,
    makeRequest(path, { cookie: people[who].cookie, form: { intent } }),
  );
  return { status: response.status, body: await response.text() };
}

describe("an intent is looked up among the page's own handlers only", () => {
  it.each(PROTOTYPE_NAMES)("POST /money with intent=%s: 400, nothing loaded comes back", async (intent) => {
    // Kim is a member who is not on the trip.
    const { status, body } = await post(moneyPage, "/money.data?index", "kim", intent);
    expect(status).toBe(400);
    expect(body).toContain("Unknown request");
    expect(body).not.toContain("@example.com");
    expect(body).not.toMatch(/argon2|passwordHash/);
  });

  it.each(PROTOTYPE_NAMES)("POST /money/setup with intent=%s: 400", async (intent) => {
    const { status, body } = await post(setupPage, "/money/setup", "boss", intent);
    expect(status).toBe(400);
    expect(body).not.toContain("@example.com");
  });

  it.each(PROTOTYPE_NAMES)("POST /account with intent=%s: 400", async (intent) => {
    const { status, body } = await post(accountPage, "/account", "alex", intent);
    expect(status).toBe(400);
    expect(body).not.toMatch(/argon2|@example\.com/);
  });
});
