// The photo queue in the database: which houses' web photos are wanted, claimed, stored or failed,
// and the stored files the pages serve. photo-worker.server fetches them.
import { and, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { housePhotoRenditions, housePhotos, houses } from "~/platform/db/schema";
import { fairPhotoOrder, PHONE_WIDTH, type PhotoWidth } from "~/features/houses/lib/house-photo";
import { keepsState } from "~/platform/lib/module-state";

/** A photo to fetch, claimed by this instance for a while so another instance leaves it alone. */
export type PhotoJob = { houseId: number; sourceUrl: string; attempts: number };

const CLAIM_MS = 2 * 60_000;
const VERSIONS_FRESH_MS = 1_000;

/**
 * Makes every house's web photo wanted: a house with a new or changed http(s) image URL gets a row
 * due now (a changed URL drops the old photo); a house whose URL is no longer a web address loses
 * its row. Houses whose photo is stored or scheduled are left as they are.
 */
export async function syncWantedPhotos() {
  const db = await getDb();
  await db.execute(sql`
    insert into ${housePhotos} (house_id, source_url, next_attempt_at)
    select id, listing_img, now() from ${houses} where listing_img ~* '^https?://'
    on conflict (house_id) do update set
      source_url = excluded.source_url, version = '', small = null, large = null, attempts = 0,
      next_attempt_at = now(), locked_until = null, last_error = '', updated_at = now()
    where ${housePhotos}.source_url <> excluded.source_url`);
  await db.execute(sql`
    delete from ${housePhotos} using ${houses}
    where ${houses}.id = ${housePhotos}.house_id and ${houses}.listing_img !~* '^https?://'`);
}

/**
 * Up to `limit` photos due for a fetch, claimed for this instance, in fairPhotoOrder: round-robin
 * between the houses' suggesters, a suggester with a photo in flight (here or elsewhere) last.
 */
export async function claimDuePhotos(limit: number, now = new Date()): Promise<PhotoJob[]> {
  const db = await getDb();
  const unlocked = or(isNull(housePhotos.lockedUntil), lt(housePhotos.lockedUntil, now));
  const due = and(lte(housePhotos.nextAttemptAt, now), unlocked);
  const rows = await db
    .select({
      houseId: housePhotos.houseId,
      suggester: houses.suggestedBy,
      dueAt: housePhotos.nextAttemptAt,
      inFlight: sql<boolean>`${housePhotos.lockedUntil} >= ${now.toISOString()}::timestamptz`.mapWith(
        Boolean,
      ),
    })
    .from(housePhotos)
    .innerJoin(houses, eq(houses.id, housePhotos.houseId))
    .where(or(due, gte(housePhotos.lockedUntil, now)));
  const busy = new Set(rows.filter((row) => row.inFlight).map((row) => row.suggester));
  const waiting = rows.flatMap((row) =>
    !row.inFlight && row.dueAt ? [{ houseId: row.houseId, suggester: row.suggester, dueAt: row.dueAt }] : [],
  );
  const picked = fairPhotoOrder(waiting, busy)
    .slice(0, limit)
    .map((photo) => photo.houseId);
  if (picked.length === 0) return [];
  // Only rows still due and unclaimed: another instance may have taken one since the read.
  const claimed = await db
    .update(housePhotos)
    .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(and(inArray(housePhotos.houseId, picked), due))
    .returning({
      houseId: housePhotos.houseId,
      sourceUrl: housePhotos.sourceUrl,
      attempts: housePhotos.attempts,
    });
  return picked.flatMap((id) => claimed.filter((job) => job.houseId === id));
}

/** Keeps the resized photo, unless the house's image URL changed while it was being fetched. */
export async function storePhoto(
  job: PhotoJob,
  { phone, ...photo }: { small: Buffer; large: Buffer; phone: Buffer; version: string },
) {
  const db = await getDb();
  const stored = await db
    .update(housePhotos)
    .set({
      ...photo,
      attempts: job.attempts + 1,
      nextAttemptAt: null,
      lockedUntil: null,
      lastError: "",
      updatedAt: new Date(),
    })
    .where(and(eq(housePhotos.houseId, job.houseId), eq(housePhotos.sourceUrl, job.sourceUrl)))
    .returning({ houseId: housePhotos.houseId });
  if (stored.length > 0) await storeRendition(job.houseId, PHONE_WIDTH, photo.version, phone);
  versions = undefined;
}

/**
 * Keeps a further width of a stored photo, made from `version`; nothing if the house's photo is
 * no longer that version. Made twice (two instances, a retry), the second write changes nothing.
 */
export async function storeRendition(houseId: number, width: number, version: string, bytes: Buffer) {
  const db = await getDb();
  await db.execute(sql`
    insert into ${housePhotoRenditions} (house_id, width, version, bytes)
    select ${houseId}, ${width}, ${version}, ${bytes}::bytea from ${housePhotos}
    where ${housePhotos.houseId} = ${houseId} and ${housePhotos.version} = ${version}
    on conflict (house_id, width) do update set version = excluded.version, bytes = excluded.bytes
    where ${housePhotoRenditions}.version <> excluded.version`);
}

/** Stored photos without the phone's width for their version (stored before it existed), a few at a time. */
export async function photosWithoutPhoneWidth(limit: number) {
  const db = await getDb();
  return db
    .select({ houseId: housePhotos.houseId, version: housePhotos.version, large: housePhotos.large })
    .from(housePhotos)
    .where(
      and(
        ne(housePhotos.version, ""),
        sql`${housePhotos.large} is not null`,
        sql`not exists (select 1 from ${housePhotoRenditions} r where r.house_id = ${housePhotos.houseId}
          and r.width = ${PHONE_WIDTH} and r.version = ${housePhotos.version})`,
      ),
    )
    .orderBy(housePhotos.houseId)
    .limit(limit);
}

/** Records a failed fetch and when to try again (null: not again until the URL changes). */
export async function photoFailed(job: PhotoJob, error: string, retryAt: Date | null) {
  const db = await getDb();
  await db
    .update(housePhotos)
    .set({
      attempts: job.attempts + 1,
      nextAttemptAt: retryAt,
      lockedUntil: null,
      lastError: error.slice(0, 500),
      updatedAt: new Date(),
    })
    .where(and(eq(housePhotos.houseId, job.houseId), eq(housePhotos.sourceUrl, job.sourceUrl)));
}

let versions: { at: number; value: Promise<Record<number, string>> } | undefined;
keepsState(() => (versions = undefined));

/**
 * The version of every stored photo that still matches its house's image URL, by house id. Read at
 * most once a second (another instance's new photo shows a second later; until then the card shows
 * the placeholder); a photo stored here is seen at once.
 */
export function listPhotoVersions(): Promise<Record<number, string>> {
  const now = Date.now();
  if (versions && now - versions.at < VERSIONS_FRESH_MS) return versions.value;
  const entry = { at: now, value: readVersions() };
  versions = entry;
  entry.value.catch(() => {
    if (versions === entry) versions = undefined;
  });
  return entry.value;
}

async function readVersions() {
  const db = await getDb();
  const rows = await db
    .select({ houseId: housePhotos.houseId, version: housePhotos.version })
    .from(housePhotos)
    .innerJoin(houses, eq(houses.id, housePhotos.houseId))
    .where(and(ne(housePhotos.version, ""), eq(housePhotos.sourceUrl, houses.listing_img)));
  return Object.fromEntries(rows.map((row) => [row.houseId, row.version])) as Record<number, string>;
}

/**
 * A stored photo's bytes at one width, only for the version asked for. The phone's width of a photo
 * stored before it existed is the 800 px until the background job has made it (`fallback`: not to
 * be kept for ever under that name).
 */
export async function getPhotoFile(houseId: number, width: PhotoWidth, version: string) {
  const db = await getDb();
  if (width === PHONE_WIDTH) {
    const [row] = await db
      .select({ bytes: housePhotoRenditions.bytes })
      .from(housePhotoRenditions)
      .where(
        and(
          eq(housePhotoRenditions.houseId, houseId),
          eq(housePhotoRenditions.width, width),
          eq(housePhotoRenditions.version, version),
        ),
      )
      .limit(1);
    if (row) return { bytes: row.bytes, fallback: false };
  }
  const [row] = await db
    .select({ bytes: width === 400 ? housePhotos.small : housePhotos.large })
    .from(housePhotos)
    .where(and(eq(housePhotos.houseId, houseId), eq(housePhotos.version, version)))
    .limit(1);
  return row?.bytes ? { bytes: row.bytes, fallback: width === PHONE_WIDTH } : undefined;
}

/** What the photo fetcher knows about one house (for tests and the organiser). */
export async function getPhotoState(houseId: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      sourceUrl: housePhotos.sourceUrl,
      version: housePhotos.version,
      attempts: housePhotos.attempts,
      nextAttemptAt: housePhotos.nextAttemptAt,
      lastError: housePhotos.lastError,
    })
    .from(housePhotos)
    .where(eq(housePhotos.houseId, houseId))
    .limit(1);
  return row;
}
