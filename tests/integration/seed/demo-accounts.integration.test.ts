import { eq, sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { houses, users } from "~/platform/db/schema";
import { hashPassword } from "~/platform/models/password.server";
import {
  DEMO_MEMBER_EMAILS,
  DEMO_ORGANISER_EMAIL,
  openDemoAccounts,
  removeDemoAccounts,
  seedDemoData,
} from "~/seed.server";
import { useFreshDatabase } from "../../support/database";

const database = useFreshDatabase();

const DEMO_ADDRESSES = [...DEMO_MEMBER_EMAILS, DEMO_ORGANISER_EMAIL].sort();

describe("the migration that brought the mark (0023_demo_mark)", () => {
  it("marks the accounts an older demo seed made at the demo addresses, and no other", async () => {
    // The demo's rows as a seed before the mark wrote them (some addresses in capitals), and a real one.
    const hash = await hashPassword("anything-1");
    await database.db.insert(users).values([
      ...DEMO_ADDRESSES.map((email) => ({
        email: email.replace(/^./, (first) => first.toUpperCase()),
        passwordHash: hash,
      })),
      { email: "member@example.org", passwordHash: hash },
    ]);
    const migration = readFileSync("drizzle/0023_demo_mark.sql", "utf8").split("--> statement-breakpoint");
    const update = migration.find((statement) => statement.includes("UPDATE"));
    expect(update).toBeDefined();
    await database.db.execute(sql.raw(update!));
    const marked = await database.db.select({ email: users.email }).from(users).where(eq(users.demo, true));
    expect(marked.map((row) => row.email.toLowerCase()).sort()).toEqual(DEMO_ADDRESSES);
    expect(
      (await openDemoAccounts(database.db)).map((account) => account.email.toLowerCase()).sort(),
    ).toEqual(DEMO_ADDRESSES);
    // Nothing names these rows yet: gone, so the next test starts from an empty planner.
    await database.db.delete(users);
  });
});

describe("the demo accounts a real start refuses", () => {
  it("are the accounts the demo's seed marked, whatever their address or password, and only those are removed", async () => {
    expect(await openDemoAccounts(database.db)).toEqual([]);
    await seedDemoData(database.db);
    // An address of the demo's domain and the published password do not make an account the demo's.
    await database.db
      .insert(users)
      .values({ email: "real@example.com", name: "Real", passwordHash: await hashPassword("sgw25-demo") });
    expect((await openDemoAccounts(database.db)).map((account) => account.email).sort()).toEqual(
      DEMO_ADDRESSES,
    );
    expect(await openDemoAccounts(database.db, { first: true })).toHaveLength(1);

    // A demo account whose password was changed is still the demo's: the mark stays.
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword("alex-own-secret") })
      .where(eq(users.email, "alex@example.com"));
    expect(await removeDemoAccounts(database.db)).toHaveLength(6);
    expect(await openDemoAccounts(database.db)).toEqual([]);
    // The removed ones leave as any member does: rows kept nameless for the shared records.
    const rows = await database.db
      .select({ email: users.email, leftAt: users.leftAt })
      .from(users)
      .orderBy(users.email);
    const stayed = rows.filter((row) => row.leftAt === null).map((row) => row.email);
    expect(stayed).toEqual(["real@example.com"]);
    expect(rows.filter((row) => row.leftAt !== null)).toHaveLength(6);
    expect(await database.db.select({ id: houses.id }).from(houses)).toHaveLength(5);
  }, 60_000);
});
