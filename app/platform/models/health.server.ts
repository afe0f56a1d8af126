import { sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";

/** Throws unless the database answers a trivial query. */
export async function pingDatabase(): Promise<void> {
  const db = await getDb();
  await db.execute(sql`select 1`);
}
