import { count, eq, ne } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { editions, editionSettings, houses, invitations, users } from "~/platform/db/schema";
import { firstEditionYear, nextEditionName } from "~/features/season/lib/editions";
import { DEFAULT_EVENT_SETTINGS } from "~/features/season/lib/event-settings";
import { availabilityWindows } from "~/features/season/lib/weekends";
import { EVENT_SETTINGS } from "~/features/season/models/edition.server";

/**
 * A new planner's first edition plans what is ahead (issue 55): on a database nobody has used yet
 * (no account, no invitation, no house, no archived edition, no setting) the edition the migrations
 * made for the spec's 2025 becomes the first one whose default weekend is still ahead of `today`
 * (the event's calendar day), its short name following the year (SGW27 when August 2026 has passed).
 * Every start calls it; on a database in use, or already on that year, it changes nothing. The
 * edition and its name it plans, or null when nothing changed.
 */
export function planFirstEdition(today: string): Promise<{ year: number; shortName: string } | null> {
  return moveFirstEdition(firstEditionYear(DEFAULT_EVENT_SETTINGS.year, today));
}

/**
 * Moves the edition of a planner nobody has used yet to `year`, its short name following (the
 * first start above; the demo's season, set relative to today). Null when the planner is in use or
 * already on that year.
 */
export async function moveFirstEdition(
  year: number,
  /** The event's name when not the template's (the demo's "winter get-together" for a December weekend). */
  name?: string,
): Promise<{ year: number; shortName: string } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: editions.id, year: editions.year })
      .from(editions)
      .where(eq(editions.status, "current"))
      .for("update");
    if (!current) return null;
    const used = await Promise.all([
      tx.select({ n: count() }).from(users),
      tx.select({ n: count() }).from(invitations),
      tx.select({ n: count() }).from(houses),
      tx.select({ n: count() }).from(editions).where(ne(editions.id, current.id)),
      tx.select({ n: count() }).from(editionSettings).where(ne(editionSettings.key, EVENT_SETTINGS)),
    ]);
    if (used.some(([row]) => row.n > 0)) return null;
    const template = DEFAULT_EVENT_SETTINGS;
    if (year === current.year && !name) return null;
    const shortName = nextEditionName(template.shortName, template.year, year);
    await tx
      .update(editions)
      .set({ year, windows: availabilityWindows(year) })
      .where(eq(editions.id, current.id));
    // Only the names are stored: every other fact stays the template's, the weekend the year's default.
    const value = JSON.stringify({ shortName, ...(name ? { name } : {}) });
    await tx
      .insert(editionSettings)
      .values({ editionId: current.id, key: EVENT_SETTINGS, value })
      .onConflictDoUpdate({
        target: [editionSettings.editionId, editionSettings.key],
        set: { value, updatedAt: new Date() },
      });
    return { year, shortName };
  });
}
