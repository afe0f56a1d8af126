import { eq } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { settings } from "~/platform/db/schema";
import { cachedByTables } from "~/platform/models/table-cache.server";

/**
 * The generated cookie secret's setting (platform/services/secret.server.ts): a key, so a backup
 * never holds it and a restore never brings one back (decision 028).
 */
export const SESSION_SECRET_SETTING = "session_secret";

/**
 * The stored value of an app-wide setting, or undefined when it was never set; read once per change
 * of the settings table (pages ask for the event's facts and the deadline on every request).
 */
export function getSetting(key: string): Promise<string | undefined> {
  return cachedByTables(`setting:${key}`, ["settings"], () => readSetting(key));
}

async function readSetting(key: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/** Stores (or replaces) an app-wide setting. */
export async function setSetting(key: string, value: string): Promise<void> {
  const db = await getDb();
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** Stores a setting only when it has no value yet, and returns the value that won (first writer wins). */
export async function setSettingOnce(key: string, value: string): Promise<string> {
  const db = await getDb();
  await db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
  const stored = await getSetting(key);
  return stored ?? value;
}

/** Forgets a setting, so its reader falls back to its default. */
export async function deleteSetting(key: string): Promise<void> {
  const db = await getDb();
  await db.delete(settings).where(eq(settings.key, key));
}
