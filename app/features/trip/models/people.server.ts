import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { surveys, users } from "~/platform/db/schema";
import { inCurrentEdition } from "~/features/season/index.server";

export type TripCandidate = {
  userId: number;
  name: string;
  email: string;
  emailConfirmedAt: Date | null;
  attending: string;
  shareRoom: string;
  boo: boolean;
  child: boolean;
};

/** Every member with their current-edition answers that matter to the trip (none: empty answers). */
export async function listTripCandidates(): Promise<TripCandidate[]> {
  const db = await getDb();
  const rows = await db
    .select({
      userId: users.id,
      name: sql<string>`coalesce(nullif(${surveys.name}, ''), nullif(${users.name}, ''), 'User')`,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
      attending: sql<string>`coalesce(${surveys.attending}, '')`,
      shareRoom: sql<string>`coalesce(${surveys.share_room}, '')`,
      guests: surveys.extra_guests,
    })
    .from(users)
    .leftJoin(surveys, and(eq(surveys.userId, users.id), inCurrentEdition(surveys.editionId)))
    .where(isNull(users.leftAt))
    .orderBy(asc(users.id));
  return rows.map(({ guests, ...row }) => ({
    ...row,
    boo: Boolean(row.attending && guests?.boo),
    child: Boolean(row.attending && guests?.child),
  }));
}
