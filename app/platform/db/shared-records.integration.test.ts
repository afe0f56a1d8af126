import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { moneyExpenses, users } from "~/platform/db/schema";
import { useFreshDatabase } from "../../../tests/support/database";

const database = useFreshDatabase();

/**
 * The tables that belong to one member alone: their rows may go with the account. Every other
 * foreign key to `users` is a record the group shares and must be ON DELETE RESTRICT (decision 025),
 * so a new table, or a cascade put back, fails here instead of silently taking the money down.
 */
const PERSONAL = new Set([
  "sessions.user_id",
  "trusted_logins.user_id",
  "one_time_secrets.user_id",
  "surveys.user_id",
  "survey_drafts.user_id",
  "votes.user_id",
  "trip_feed_tokens.user_id",
  "trip_mail_claims.user_id",
  "pay_details.user_id",
  "organiser_notices.user_id",
  "organiser_notice_claims.user_id",
]);

type ForeignKey = { table: string; column: string; onDelete: string };

async function foreignKeysToUsers(): Promise<ForeignKey[]> {
  const result = await database.db.execute(sql`
    select c.conrelid::regclass::text as "table", a.attname as "column",
           case c.confdeltype when 'r' then 'restrict' when 'c' then 'cascade' when 'n' then 'set null'
             when 'd' then 'set default' else 'no action' end as "onDelete"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass
    order by 1, 2`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as ForeignKey[];
  return rows.map((row) => ({ ...row, table: row.table.replace(/^public\./, "") }));
}

describe("the records a group shares outlive a member", () => {
  it("makes every foreign key to users from a shared table RESTRICT (personal tables may cascade)", async () => {
    const keys = await foreignKeysToUsers();
    expect(keys.length).toBeGreaterThan(PERSONAL.size);
    // Every personal table is still there: a renamed one must be named here again.
    for (const name of PERSONAL) expect(keys.map((key) => `${key.table}.${key.column}`)).toContain(name);
    const loose = keys.filter(
      (key) => !PERSONAL.has(`${key.table}.${key.column}`) && key.onDelete !== "restrict",
    );
    expect(loose).toEqual([]);
    for (const key of ["money_expenses.paid_by", "money_payments.from_user_id", "trip_rides.driver_id"])
      expect(keys.map((k) => `${k.table}.${k.column}`)).toContain(key);
  });

  it("refuses to delete a member an expense names: the database, not only the app, keeps the ledger", async () => {
    const [member] = await database.db
      .insert(users)
      .values({ email: "payer@example.com", passwordHash: "" })
      .returning({ id: users.id });
    await database.db.insert(moneyExpenses).values({
      description: "Groceries",
      amount: 9000,
      currency: "EUR",
      paidBy: member.id,
      split: "equal",
      idempotencyKey: crypto.randomUUID(),
    });
    const refusal = await database.db
      .delete(users)
      .where(eq(users.id, member.id))
      .then(
        () => null,
        (error: unknown) => error as { code?: string; cause?: { code?: string } },
      );
    // The server reports RESTRICT as a foreign key violation (23503); PGlite's newer engine as a
    // restrict violation (23001). Either way the DELETE is refused.
    expect(["23001", "23503"]).toContain(refusal?.cause?.code ?? refusal?.code);
    const [still] = await database.db.select({ id: users.id }).from(users).where(eq(users.id, member.id));
    expect(still).toEqual({ id: member.id });
  });
});
