import { eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { settings } from "~/db/schema";
import { parseStoredDeadline } from "~/lib/deadline";
import { REMINDER_INTERVAL_MS } from "~/lib/reminders";
import { getSetting, setSetting } from "~/models/settings.server";
import { tablesChanged } from "~/models/table-cache.server";

const DEADLINE = "survey_deadline";
const LAST_REMINDER = "last_reminder_at";
const CHOSEN_HOUSE = "chosen_house_id";

/** The survey deadline, or null when the organiser has not set one (an empty value clears it). */
export async function getSurveyDeadline(): Promise<Date | null> {
  return parseStoredDeadline(await getSetting(DEADLINE));
}

export async function setSurveyDeadline(deadline: Date | null): Promise<void> {
  await setSetting(DEADLINE, deadline ? deadline.toISOString() : "");
}

export async function getLastReminderAt(): Promise<Date | null> {
  return parseStoredDeadline(await getSetting(LAST_REMINDER));
}

/**
 * Records a reminder round at `now` only if none went out in the last 24 hours, in one statement, so
 * two organisers clicking at once (or a double submit) send one round. True when this call won.
 */
export async function claimReminderRound(now: Date): Promise<boolean> {
  const db = await getDb();
  const value = now.toISOString();
  const cutoff = new Date(now.getTime() - REMINDER_INTERVAL_MS).toISOString();
  const rows = await db
    .insert(settings)
    .values({ key: LAST_REMINDER, value })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value, updatedAt: now },
      setWhere: sql`${settings.value} = '' or ${settings.value}::timestamptz <= ${cutoff}::timestamptz`,
    })
    .returning({ key: settings.key });
  return rows.length === 1;
}

/** The house the organiser picked for SGW25 (the calendar file's location), if any. */
export async function getChosenHouseId(): Promise<number | null> {
  const value = Number(await getSetting(CHOSEN_HOUSE));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export async function setChosenHouseId(id: number | null): Promise<void> {
  await setSetting(CHOSEN_HOUSE, id === null ? "" : String(id));
}

/** For tests: forget every setting this module keeps. */
export async function clearEventSettings(): Promise<void> {
  const db = await getDb();
  for (const key of [DEADLINE, LAST_REMINDER, CHOSEN_HOUSE])
    await db.delete(settings).where(eq(settings.key, key));
  tablesChanged();
}
