import { asc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { surveys } from "~/db/schema";
import { SURVEY_FIELDS, type SurveyAnswers } from "~/lib/survey-fields";

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

/** The member's submitted survey in the API's shape (the spec's fields only), or null when none. */
export async function getSurvey(userId: number): Promise<SurveyAnswers | null> {
  const db = await getDb();
  const [row] = await db.select().from(surveys).where(eq(surveys.userId, userId)).limit(1);
  if (!row) return null;
  return Object.fromEntries(SURVEY_FIELDS.map((field) => [field, row[field]])) as SurveyAnswers;
}
