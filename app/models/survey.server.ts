import { asc, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { surveys } from "~/db/schema";

/** Names of members who said yes or maybe, for the event page's live lists. */
export async function getAttendanceLists(): Promise<{ coming: string[]; onTheFence: string[] }> {
  const db = await getDb();
  const rows = await db
    .select({ name: surveys.name, attending: surveys.attending })
    .from(surveys)
    .where(inArray(surveys.attending, ["yes", "maybe"]))
    .orderBy(asc(surveys.name));
  const label = (name: string) => name.trim() || "User";
  return {
    coming: rows.filter((row) => row.attending === "yes").map((row) => label(row.name)),
    onTheFence: rows.filter((row) => row.attending === "maybe").map((row) => label(row.name)),
  };
}
