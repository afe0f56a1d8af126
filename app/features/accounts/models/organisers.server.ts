import { and, asc, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { organisers, users } from "~/platform/db/schema";
import { cachedByTables } from "~/platform/models/table-cache.server";

/** The addresses added as organisers in the app (lower case), read once per change of the table. */
export function listAddedOrganisers(): Promise<ReadonlyArray<{ email: string; addedAt: Date }>> {
  return cachedByTables("added-organisers", ["organisers"], async () => {
    const db = await getDb();
    return db
      .select({ email: sql<string>`lower(${organisers.email})`, addedAt: organisers.addedAt })
      .from(organisers)
      .orderBy(asc(organisers.addedAt));
  });
}

/** Whether any organiser exists: a confirmed account listed in `listed` or added in the app. */
export async function anyOrganiser(listed: string[]): Promise<boolean> {
  const db = await getDb();
  const listedSql = listed.length
    ? sql.join(
        listed.map((entry) => sql`${entry}`),
        sql`, `,
      )
    : sql`null`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`${users.emailConfirmedAt} is not null and (lower(${users.email}) in (${listedSql})
        or exists (select 1 from ${organisers} o where lower(o.email) = lower(${users.email})))`,
    )
    .limit(1);
  return Boolean(row);
}

/** Adds the address; false when it was there already. */
export async function insertOrganiser(email: string, addedBy: number): Promise<boolean> {
  const db = await getDb();
  // Any conflict is the unique lower(email) index: the address is an organiser already.
  const rows = await db
    .insert(organisers)
    .values({ email, addedBy })
    .onConflictDoNothing()
    .returning({ id: organisers.id });
  return rows.length === 1;
}

/**
 * Removes an added address, but only while another confirmed organiser stays (an ADMIN_EMAILS one
 * or another added one): one statement, so two organisers removing each other at once cannot both
 * succeed (the table is locked for it). False when nothing was removed.
 */
export async function deleteOrganiser(email: string, listed: string[]): Promise<boolean> {
  const db = await getDb();
  // The table is locked first: two organisers removing each other at once are then one after the
  // other, and the second sees that the first has gone (READ COMMITTED alone let both through).
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${organisers} in exclusive mode`);
    const listedSql = listed.length
      ? sql.join(
          listed.map((entry) => sql`${entry}`),
          sql`, `,
        )
      : sql`null`;
    const deleted = await tx
      .delete(organisers)
      .where(
        and(
          sql`lower(${organisers.email}) = ${email}`,
          sql`exists (
          select 1 from ${users} u
          where u.email_confirmed_at is not null and lower(u.email) <> ${email}
            and (lower(u.email) in (${listedSql})
              or exists (select 1 from ${organisers} o where lower(o.email) = lower(u.email)))
        )`,
        ),
      )
      .returning({ id: organisers.id });
    return deleted.length === 1;
  });
}

/** Which of these addresses have an account, and whether it is confirmed. */
export async function accountsOf(emails: string[]) {
  if (emails.length === 0) return new Map<string, boolean>();
  const db = await getDb();
  const rows = await db
    .select({
      email: sql<string>`lower(${users.email})`,
      confirmed: sql<boolean>`${users.emailConfirmedAt} is not null`,
    })
    .from(users)
    .where(
      sql`lower(${users.email}) in (${sql.join(
        emails.map((email) => sql`${email}`),
        sql`, `,
      )})`,
    );
  return new Map(rows.map((row) => [row.email, Boolean(row.confirmed)]));
}
