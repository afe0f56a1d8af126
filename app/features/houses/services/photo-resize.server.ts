import { createHash } from "node:crypto";
import sharp from "sharp";
import { PHONE_WIDTH } from "~/features/houses/lib/house-photo";
import { PhotoFetchError } from "~/features/houses/services/photo-fetch.server";

// Photo work runs in the background on a small shared machine: one thread, no decoded-image cache.
sharp.concurrency(1);
sharp.cache(false);

/** Enough for any listing photo (e.g. 8000 x 5000); a "decompression bomb" is refused unread. */
const MAX_INPUT_PIXELS = 40_000_000;
// Raster formats only: an SVG would be rendered by librsvg, with its own parser and fetches.
const FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "avif"]);

export type ResizedPhoto = { small: Buffer; large: Buffer; phone: Buffer; version: string };

// WebP qualities. The phone's 640 px: q60, chosen by measurement (scripts/photo-quality.ts, in
// docs/decisions/016-members-pages-floor.md): above q75 the bytes jump for little, and q60 is within
// 0.005 SSIM of q70 for some 10 % fewer bytes.
const QUALITY = { 400: 70, 640: 60, 800: 65 } as const;

function resizeTo(input: sharp.Sharp, width: keyof typeof QUALITY) {
  return input
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: QUALITY[width] })
    .toBuffer()
    .catch((error: Error) => {
      throw new PhotoFetchError(`the photo could not be resized: ${error.message}`);
    });
}

/** The photo at the card's widths as WebP, and a short hash of the 400 and 800 px for its URL. */
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
  const [small, phone, large] = await Promise.all(
    ([400, PHONE_WIDTH, 800] as const).map((width) => resizeTo(input(), width)),
  );
  // The version names the 400 and 800 px only, as before the phone's width: stored photos keep theirs.
  const version = createHash("sha256").update(small).update(large).digest("hex").slice(0, 12);
  return { small, large, phone, version };
}

/** The phone's width made from a stored 800 px WebP (a photo stored before that width existed). */
export function phoneFromStored(large: Buffer) {
  return resizeTo(sharp(large, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }), PHONE_WIDTH);
}
