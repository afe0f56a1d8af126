import { asc, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { editions, invitations, users } from "~/platform/db/schema";
import { cachedByTables } from "~/platform/models/table-cache.server";

/** Records an invitation with the name the list gave (again: the time is renewed, a new name kept). */
export async function recordInvitation(email: string, name = ""): Promise<void> {
  const db = await getDb();
  // The unique key is on lower(email), which drizzle's onConflict target cannot name.
  await db.execute(
    sql`insert into ${invitations} (email, name) values (${email}, ${name}) on conflict ((lower(email)))
      do update set invited_at = now(), name = case when excluded.name = '' then ${invitations.name} else excluded.name end`,
  );
}

/**
 * Addresses invited since the last edition closed that have no account yet, alphabetical; read once
 * per change of these tables. Last edition's invitations are not this one's (an address invited
 * again is, its time renewed).
 */
export function listPendingInvitations(): Promise<
  ReadonlyArray<{ id: number; email: string; name: string; invitedAt: Date }>
> {
  return cachedByTables("pending-invitations", ["invitations", "users", "editions"], readPendingInvitations);
}

// Pending: no account yet, and invited in this edition (since the last one was archived).
const pending = sql`not exists (select 1 from ${users} where lower(${users.email}) = lower(${invitations.email}))
  and ${invitations.invitedAt} >= coalesce((select max(${editions.archivedAt}) from ${editions}), '-infinity')`;

async function readPendingInvitations() {
  const db = await getDb();
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      name: invitations.name,
      invitedAt: invitations.invitedAt,
    })
    .from(invitations)
    .where(pending)
    .orderBy(asc(sql`lower(${invitations.email})`));
}

/** Whether this address has a pending invitation, read now (not from the cache): a post decides by it. */
export async function hasPendingInvitation(email: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(sql`lower(${invitations.email}) = ${email.trim().toLowerCase()} and ${pending}`)
    .limit(1);
  return row !== undefined;
}

/** Which of these addresses already have an account (lower-cased). */
export async function registeredAmong(emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(
      sql`lower(${users.email}) in (${sql.join(
        emails.map((email) => sql`${email.toLowerCase()}`),
        sql`, `,
      )})`,
    );
  return new Set(rows.map((row) => row.email));
}
