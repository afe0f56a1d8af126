import { createHash } from "node:crypto";
import sharp from "sharp";
import { PHOTO_WIDTHS } from "~/features/houses/lib/house-photo";
import { PhotoFetchError } from "~/features/houses/services/photo-fetch.server";

// Photo work runs in the background on a small shared machine: one thread, no decoded-image cache.
sharp.concurrency(1);
sharp.cache(false);

/** Enough for any listing photo (e.g. 8000 x 5000); a "decompression bomb" is refused unread. */
const MAX_INPUT_PIXELS = 40_000_000;
// Raster formats only: an SVG would be rendered by librsvg, with its own parser and fetches.
const FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "avif"]);

export type ResizedPhoto = { small: Buffer; large: Buffer; version: string };

/** The photo at the card's two widths as WebP, and a short hash of them for its URL. */
export async function resizePhoto(bytes: Buffer): Promise<ResizedPhoto> {
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false });
  let format: string | undefined;
  try {
    format = (await input().metadata()).format;
  } catch (error) {
    throw new PhotoFetchError(`not a readable photo: ${error instanceof Error ? error.message : error}`);
  }
  if (!format || !FORMATS.has(format))
    throw new PhotoFetchError(`not a photo format (${format ?? "unknown"})`);
  const [small, large] = await Promise.all(
    PHOTO_WIDTHS.map((width) =>
      input()
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: width === PHOTO_WIDTHS[0] ? 70 : 65 })
        .toBuffer()
        .catch((error: Error) => {
          throw new PhotoFetchError(`the photo could not be resized: ${error.message}`);
        }),
    ),
  );
  const version = createHash("sha256").update(small).update(large).digest("hex").slice(0, 12);
  return { small, large, version };
}
