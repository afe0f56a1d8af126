/**
 * Issue 53 item 2: a visitor who registers a demo address with the published demo password must not
 * become a demo account, or the next real start would refuse the database on their word.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/platform/db/schema";
import { runAsClient } from "~/platform/services/request-path.server";
import * as registerRoute from "~/routes/api.register";
import { DEMO_PASSWORD, openDemoAccounts } from "~/seed.server";
import { useFreshDatabase } from "../../support/database";
import { callRoute, makeRequest } from "../../support/requests";

const database = useFreshDatabase();

const register = (json: unknown) =>
  runAsClient("10.0.0.9", () =>
    callRoute(registerRoute.action as never, makeRequest("/api/register", { json })),
  );

describe("a visitor registering a demo address on a real planner", () => {
  it("is refused the published password, and with another one is no demo account", async () => {
    const published = await register({ email: "alex@example.com", password: DEMO_PASSWORD });
    expect(published.status).toBe(400);
    expect(JSON.stringify(await published.json())).toContain("published with the demo");
    expect(await database.db.select({ id: users.id }).from(users)).toEqual([]);

    expect((await register({ email: "alex@example.com", password: "alex-own-secret" })).status).toBe(201);
    const [alex] = await database.db
      .select({ demo: users.demo })
      .from(users)
      .where(eq(users.email, "alex@example.com"));
    expect(alex.demo).toBe(false);
    // So a real start (scripts/prepare.ts) finds nothing to refuse.
    expect(await openDemoAccounts(database.db, { first: true })).toEqual([]);
  }, 30_000);
});
