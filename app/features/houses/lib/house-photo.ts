/**
 * The widths a house photo is stored at: a card's box; a phone's card at DPR 1.75 (Lighthouse's
 * 412 px phone); the card on a 2x screen.
 */
export const PHOTO_WIDTHS = [400, 640, 800] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** The width made after the photo is stored (house_photo_renditions), not kept in house_photos. */
export const PHONE_WIDTH = 640;

/**
 * A card is one grid column: the full width on a phone less the page's and the card's padding
 * (378 px of a 412 px phone), about 400 px from the tablet up. The phone's slot is given as 364 px
 * (100vw - 3rem): Chromium takes the smallest width at least DPR x slot, and 640 / 364 >= 1.75 where
 * 640 / 378 is not; the photo is drawn 4 % larger than its pixels, the bytes are about a third less
 * than the 800's (docs/decisions/016-members-pages-floor.md).
 */
export const PHOTO_SIZES = "(max-width: 480px) calc(100vw - 3rem), 400px";

/** The stored photo's address: its version (a hash of the bytes) makes it safe to cache for ever. */
export function photoUrl(houseId: number, width: PhotoWidth, version: string) {
  return `/photos/${houseId}-${width}.${version}.webp`;
}

export function photoSrcSet(houseId: number, version: string) {
  return PHOTO_WIDTHS.map((width) => `${photoUrl(houseId, width, version)} ${width}w`).join(", ");
}

const PHOTO_NAME = /^(\d{1,9})-(\d+)\.([0-9a-f]{12})\.webp$/;

/** The parts of a photo's file name, or undefined for anything that is not one. */
export function parsePhotoName(name: string) {
  const match = PHOTO_NAME.exec(name);
  if (!match) return undefined;
  const width = Number(match[2]);
  if (!PHOTO_WIDTHS.includes(width as PhotoWidth)) return undefined;
  return { houseId: Number(match[1]), width: width as PhotoWidth, version: match[3] };
}

/** Pauses before the next try after 1, 2, ... failed fetches; after the last, no more tries. */
const RETRY_DELAYS_MS = [60_000, 10 * 60_000, 60 * 60_000, 6 * 3600_000, 24 * 3600_000, 24 * 3600_000];

/** When to try a photo again after `failures` failed fetches; null once it is given up. */
export function nextPhotoAttempt(failures: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[failures - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/** Listing photos come from the web; a path on this site (the demo's drawings) is shown as it is. */
export function isWebPhoto(url: string) {
  return /^https?:\/\//i.test(url.trim());
}

/**
 * What a card's image shows: the stored photo at two widths; a drawing on this site as it is; the
 * placeholder for a web photo that is not stored (yet, or could not be fetched).
 */
export function cardPhoto(
  houseId: number,
  listingImg: string,
  version: string | undefined,
  placeholder: string,
): { src: string; srcSet?: string } {
  if (version) return { src: photoUrl(houseId, 400, version), srcSet: photoSrcSet(houseId, version) };
  const path = listingImg.trim();
  if (path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\")) return { src: path };
  return { src: placeholder };
}

/** A photo due for a fetch, with who suggested its house (null: nobody known, e.g. a deleted account). */
export type DuePhoto = { houseId: number; suggester: number | null; dueAt: Date };

/**
 * The order in which due photos are fetched: round-robin between suggesters, each one's own oldest
 * first, so one member's many (or slow) photos cannot hold up another's. A suggester whose photo is
 * being fetched right now (`busy`) waits one round: at most one job per suggester is in flight or ahead.
 */
export function fairPhotoOrder(due: readonly DuePhoto[], busy: ReadonlySet<number | null> = new Set()) {
  const byDue = [...due].sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.houseId - b.houseId);
  const queues = new Map<number | null, DuePhoto[]>();
  for (const photo of byDue) {
    const queue = queues.get(photo.suggester) ?? [];
    queue.push(photo);
    queues.set(photo.suggester, queue);
  }
  // Each photo's round: its place in its suggester's queue, one later for a suggester already busy.
  const rounds = [...queues.values()].flatMap((queue, order) =>
    queue.map((photo, place) => ({ photo, order, round: place + (busy.has(photo.suggester) ? 1 : 0) })),
  );
  return rounds.sort((a, b) => a.round - b.round || a.order - b.order).map(({ photo }) => photo);
}
