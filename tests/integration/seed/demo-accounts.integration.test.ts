import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { houses, users } from "~/platform/db/schema";
import { hashPassword } from "~/platform/models/password.server";
import { openDemoAccounts, removeDemoAccounts, seedDemoData } from "~/seed.server";
import { useFreshDatabase } from "../../support/database";

const database = useFreshDatabase();

describe("the demo accounts a real start refuses", () => {
  it("are the demo addresses still opening with the published password, and only those are removed", async () => {
    expect(await openDemoAccounts(database.db)).toEqual([]);
    await seedDemoData(database.db);
    await database.db
      .insert(users)
      .values({ email: "real@example.com", name: "Real", passwordHash: await hashPassword("sgw25-demo") });
    expect((await openDemoAccounts(database.db)).map((account) => account.email).sort()).toEqual([
      "alex@example.com",
      "casey@example.com",
      "jordan@example.com",
      "organiser@example.com",
      "riley@example.com",
      "sam@example.com",
    ]);
    expect(await openDemoAccounts(database.db, { first: true })).toHaveLength(1);

    // Alex took the account over with a password of their own: it is Alex's now, not the demo's.
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword("alex-own-secret") })
      .where(eq(users.email, "alex@example.com"));
    expect(await removeDemoAccounts(database.db)).toHaveLength(5);
    expect(await openDemoAccounts(database.db)).toEqual([]);
    // The removed ones leave as any member does: rows kept nameless for the shared records.
    const rows = await database.db
      .select({ email: users.email, leftAt: users.leftAt })
      .from(users)
      .orderBy(users.email);
    const stayed = rows.filter((row) => row.leftAt === null).map((row) => row.email);
    expect(stayed).toEqual(["alex@example.com", "real@example.com"]);
    expect(rows.filter((row) => row.leftAt !== null)).toHaveLength(5);
    expect(await database.db.select({ id: houses.id }).from(houses)).toHaveLength(5);
    // About 20 argon2 hashes and verifies, two at a time (password.server.ts): slow on a busy machine.
  }, 60_000);
});
