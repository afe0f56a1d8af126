import { asc, count, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { houses } from "~/platform/db/schema";
import { listingKey, type HouseRecord } from "~/features/houses/lib/house-rules";
import type { HouseChange, HouseInput } from "~/features/houses/lib/house-schema";
import { SUGGEST_LIMITS } from "~/features/houses/lib/suggest-limits";
import { cachedByTables } from "~/platform/models/table-cache.server";

export type { HouseRecord };

const columns = {
  id: houses.id,
  url: houses.url,
  title: houses.title,
  city: houses.city,
  state: houses.state,
  country: houses.country,
  num_bedrooms: houses.num_bedrooms,
  num_beds: houses.num_beds,
  num_baths: houses.num_baths,
  listing_img: houses.listing_img,
  in_play: houses.in_play,
  previous_house: houses.previous_house,
  previous_house_year: houses.previous_house_year,
  who_suggested: houses.who_suggested,
  priceMinor: houses.priceMinor,
  currency: houses.currency,
};

/**
 * Every house, oldest first; the grids filter and sort in app/features/houses/lib/house-rules.ts. Read once per
 * change of the table and shared by every request: callers must not modify it.
 */
export function listHouses(): Promise<readonly HouseRecord[]> {
  return cachedByTables("houses", ["houses"], async () => {
    const db = await getDb();
    return db.select(columns).from(houses).orderBy(asc(houses.id));
  });
}

export async function getHouse(id: number): Promise<HouseRecord | undefined> {
  const db = await getDb();
  const [house] = await db.select(columns).from(houses).where(eq(houses.id, id)).limit(1);
  return house;
}

/** A house already listed under this (normalised) listing URL, if any; see listingKey. */
export async function findHouseByListing(url: string): Promise<HouseRecord | undefined> {
  const db = await getDb();
  const key = sql`lower(regexp_replace(regexp_replace(${houses.url}, '#.*$', ''), '/+$', ''))`;
  const [house] = await db
    .select(columns)
    .from(houses)
    .where(sql`${key} = ${listingKey(url)}`)
    .orderBy(asc(houses.id))
    .limit(1);
  return house;
}

/** The advisory lock key that serialises suggestions (any fixed number no other lock uses). */
const SUGGEST_LOCK = 730_126;

/**
 * Stores a suggestion: the suggester's name, in play, not a previous house, whatever was asked. Refused
 * (nothing stored) when the suggester already has `caps.memberInPlay` houses in play, or there are
 * `caps.totalInPlay` in all.
 */
export async function createHouse(
  input: HouseInput,
  suggester: { id: number; name: string | null },
  caps: { memberInPlay: number; totalInPlay: number } = SUGGEST_LIMITS,
): Promise<{ house: HouseRecord } | { full: "member" | "all" }> {
  const db = await getDb();
  // One suggestion at a time, so parallel posts cannot all pass the counts together.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SUGGEST_LOCK})`);
    const [{ total, mine }] = await tx
      .select({
        total: count(),
        mine: sql<number>`count(*) filter (where ${houses.suggestedBy} = ${suggester.id})`.mapWith(Number),
      })
      .from(houses)
      .where(eq(houses.in_play, true));
    if (mine >= caps.memberInPlay) return { full: "member" };
    if (total >= caps.totalInPlay) return { full: "all" };
    const [house] = await tx
      .insert(houses)
      .values({
        ...input,
        who_suggested: suggester.name?.trim() || "User",
        suggestedBy: suggester.id,
        in_play: true,
        previous_house: false,
        previous_house_year: null,
      })
      .returning(columns);
    return { house };
  });
}

/** How many houses each member suggested, by member id (the organiser's "Delete houses" links). */
export function countHousesBySuggester(): Promise<Record<number, number>> {
  return cachedByTables("houses-by-suggester", ["houses"], async () => {
    const db = await getDb();
    const rows = await db
      .select({ userId: houses.suggestedBy, houses: count() })
      .from(houses)
      .where(isNotNull(houses.suggestedBy))
      .groupBy(houses.suggestedBy);
    return Object.fromEntries(rows.map((row) => [row.userId, row.houses]));
  });
}

/** The organiser's change; undefined for an unknown house. */
export async function updateHouse(id: number, patch: HouseChange): Promise<HouseRecord | undefined> {
  const db = await getDb();
  if (Object.keys(patch).length === 0) return getHouse(id);
  const [house] = await db.update(houses).set(patch).where(eq(houses.id, id)).returning(columns);
  return house;
}
