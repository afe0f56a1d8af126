import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { editionSettings } from "~/platform/db/schema";
import { parseStoredDeadline } from "~/platform/lib/deadline";
import { type EventSettings } from "~/features/season/lib/event-settings";
import { readStoredSettings, type EventFacts } from "~/features/season/lib/event-settings-schema";
import { REMINDER_INTERVAL_MS } from "~/features/season/lib/event-settings";
import {
  EVENT_SETTINGS,
  claimEditionSetting,
  getCurrentEdition,
  getEditionSetting as getSetting,
  inCurrentEdition,
  setEditionSetting as setSetting,
} from "~/features/season/models/edition.server";

// Every value here belongs to the current edition: a new edition starts without any of them.
const ofCurrent = (key: string) =>
  and(eq(editionSettings.key, key), inCurrentEdition(editionSettings.editionId));

const DEADLINE = "survey_deadline";
const LAST_REMINDER = "last_reminder_at";
const CHOSEN_HOUSE = "chosen_house_id";
const EVENT = EVENT_SETTINGS;
const ANNOUNCEMENT = "announcement_round";
const REMINDER_FAILURES = "reminder_failures";

/** The event's facts (name, weekend, expected group, chat link): the stored ones over the defaults. */
export async function getEventSettings(): Promise<EventSettings> {
  const value = await getSetting(EVENT);
  let stored: unknown = {};
  try {
    stored = value ? JSON.parse(value) : {};
  } catch {
    // A value that is not JSON reads as nothing stored: every fact falls back to its default.
  }
  // The edition's year is the event's year: the windows and the calendar file follow it.
  const { year } = await getCurrentEdition();
  return readStoredSettings({ ...(stored && typeof stored === "object" ? stored : {}), year });
}

/**
 * Whether the organiser has saved the event's facts (the Event page's form, or a roll-over that
 * carried them over): its name is stored. A new planner stores only the short name its year gives.
 */
export async function eventFactsSaved(): Promise<boolean> {
  const value = await getSetting(EVENT);
  try {
    const stored: unknown = value ? JSON.parse(value) : {};
    return Boolean(stored && typeof stored === "object" && "name" in stored);
  } catch {
    return false;
  }
}

/**
 * Merges `patch` into the stored facts (null removes a key, back to its default) in one statement,
 * so two organisers saving different facts at once both keep theirs.
 */
async function mergeEventSettings(patch: Record<string, unknown>): Promise<void> {
  const db = await getDb();
  const set = JSON.stringify(Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null)));
  const value = editionSettings.value;
  const stored = sql`(case when left(ltrim(${value}), 1) = '{' then ${value}::jsonb else '{}'::jsonb end)`;
  const kept = Object.keys(patch)
    .filter((key) => patch[key] === null)
    .reduce((json, key) => sql`(${json} - ${key}::text)`, stored);
  const merged = sql`(${kept} || ${set}::jsonb)::text`;
  await db
    .insert(editionSettings)
    .values({ key: EVENT, value: set })
    .onConflictDoUpdate({
      target: [editionSettings.editionId, editionSettings.key],
      set: { value: merged, updatedAt: new Date() },
    });
}

export async function saveEventFacts(facts: EventFacts): Promise<void> {
  await mergeEventSettings(facts);
}

/** The weekend the organiser chose (one of the survey's windows), or null to go back to the default. */
export async function setPlannedWeekend(label: string | null): Promise<void> {
  await mergeEventSettings({ plannedWeekend: label, weekendChosen: label === null ? null : true });
}

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
 * two organisers clicking at once (or a double submit) send one round. True when this call won. The
 * round counts even when some of its mails fail: only those are sent again (setReminderFailures).
 */
export async function claimReminderRound(now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - REMINDER_INTERVAL_MS).toISOString();
  const stored = editionSettings.value;
  return claimEditionSetting(
    LAST_REMINDER,
    now.toISOString(),
    sql`${stored} = '' or ${stored}::timestamptz <= ${cutoff}::timestamptz`,
  );
}

/** The failed mails of the latest reminder round (see lib/reminders), or undefined. */
export function getReminderFailuresValue(): Promise<string | undefined> {
  return getSetting(REMINDER_FAILURES);
}

/** Stores `next` only if the failures are still `previous`: of two clicks on "Send again", one sends. */
export function claimReminderFailures(previous: string | undefined, next: string): Promise<boolean> {
  return compareAndSet(REMINDER_FAILURES, previous, next);
}

export async function setReminderFailures(value: string): Promise<void> {
  await setSetting(REMINDER_FAILURES, value);
}

/** The latest announcement round as stored (see lib/announcement), or undefined before the first. */
export function getAnnouncementValue(): Promise<string | undefined> {
  return getSetting(ANNOUNCEMENT);
}

/**
 * Replaces the stored round by `next` only if it is still `previous` (compare and set, one
 * statement): of two organisers clicking at once, or a double submit, exactly one claims the round.
 */
export function claimAnnouncement(previous: string | undefined, next: string): Promise<boolean> {
  return compareAndSet(ANNOUNCEMENT, previous, next);
}

async function compareAndSet(key: string, previous: string | undefined, next: string): Promise<boolean> {
  const db = await getDb();
  const rows =
    previous === undefined
      ? await db
          .insert(editionSettings)
          .values({ key, value: next })
          .onConflictDoNothing({ target: [editionSettings.editionId, editionSettings.key] })
          .returning({ key: editionSettings.key })
      : await db
          .update(editionSettings)
          .set({ value: next, updatedAt: new Date() })
          .where(and(ofCurrent(key), eq(editionSettings.value, previous)))
          .returning({ key: editionSettings.key });
  return rows.length === 1;
}

/** Records how the claimed round ended (sent, or which mails failed). */
export async function finishAnnouncement(value: string): Promise<void> {
  await setSetting(ANNOUNCEMENT, value);
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
  await db
    .delete(editionSettings)
    .where(
      and(
        inArray(editionSettings.key, [
          DEADLINE,
          LAST_REMINDER,
          REMINDER_FAILURES,
          CHOSEN_HOUSE,
          EVENT,
          ANNOUNCEMENT,
        ]),
        inCurrentEdition(editionSettings.editionId),
      ),
    );
}
