import { and, eq, ne } from "drizzle-orm";
import { getDb, type Db } from "~/platform/db/client.server";
import { editions, editionSettings, houses } from "~/platform/db/schema";
import type { FrozenEdition } from "~/features/season/lib/editions";
import { availabilityWindows } from "~/features/season/lib/weekends";

export type Rollover = {
  /** The edition the organiser saw as current: a second click (or organiser) finds it archived. */
  fromId: number;
  /** The new edition's year: the next one (the default), or a later one when the next is already over. */
  year?: number;
  /** The new edition's settings (its name, planned weekend). */
  settings: Record<string, string>;
  chosenHouseId: number | null;
  /**
   * The closing edition's frozen record, read with `tx` once the edition is locked: every member's
   * write that was acknowledged has committed by then, and none can land in it afterwards
   * (holdEdition), so the archive holds every answer the edition took.
   */
  freeze: (tx: Db) => Promise<FrozenEdition>;
};

/**
 * Archives the current edition with its frozen results and starts `input.year`'s (the next year's, or a later one), in one
 * transaction that first locks the edition (members' writes hold it `for share` until they commit): the chosen house becomes a previous house with the closing year, every other
 * candidate house leaves play, and the new edition starts without surveys, votes or settings
 * beyond `settings`. Only the first of two concurrent calls for the same edition does anything;
 * the other gets null.
 */
export async function rollOver(input: Rollover): Promise<{ id: number; year: number } | null> {
  const db = await getDb();
  const started = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: editions.id, year: editions.year })
      .from(editions)
      .where(and(eq(editions.id, input.fromId), eq(editions.status, "current")))
      .for("update");
    if (!current) return null;
    const frozen = await input.freeze(tx);
    await tx
      .update(editions)
      .set({ status: "archived", archivedAt: new Date(), frozen })
      .where(eq(editions.id, current.id));
    const year = Math.max(input.year ?? 0, current.year + 1);
    const [next] = await tx
      .insert(editions)
      .values({ year, windows: availabilityWindows(year), status: "current" })
      .returning({ id: editions.id, year: editions.year });
    const settings = Object.entries(input.settings).map(([key, value]) => ({
      editionId: next.id,
      key,
      value,
    }));
    if (settings.length) await tx.insert(editionSettings).values(settings);
    await tx
      .update(houses)
      .set({ in_play: false })
      .where(
        and(
          eq(houses.previous_house, false),
          input.chosenHouseId === null ? undefined : ne(houses.id, input.chosenHouseId),
        ),
      );
    if (input.chosenHouseId !== null) {
      await tx
        .update(houses)
        .set({ in_play: true, previous_house: true, previous_house_year: current.year })
        .where(eq(houses.id, input.chosenHouseId));
    }
    return next;
  });
  return started;
}
