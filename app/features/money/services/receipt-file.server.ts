import sharp from "sharp";
import { RECEIPT_MAX_BYTES } from "~/platform/lib/limits";

/** A receipt as it is kept: a photo made WebP without its metadata, or a PDF as it came. */
type ReceiptFile = { contentType: "image/webp" | "application/pdf"; bytes: Buffer };
type ReceiptRead = { ok: true; file: ReceiptFile } | { ok: false; error: string };

const MB = RECEIPT_MAX_BYTES / 1024 / 1024;
const RECEIPT_TOO_LARGE = `The receipt is larger than ${MB} MB, so it was not kept. Choose a smaller photo or PDF.`;
const RECEIPT_WRONG_TYPE = "A receipt must be a photo (JPEG, PNG or WebP) or a PDF. Nothing was saved.";
const RECEIPT_HEIC =
  "This photo is HEIC, which the planner cannot read. On an iPhone choose Settings › Camera › Formats › Most Compatible, or send a screenshot of it. Nothing was saved.";
const RECEIPT_UNREADABLE = "The receipt could not be read as a photo or a PDF. Nothing was saved.";

/** Enough for a 48-megapixel phone photo; a "decompression bomb" is refused unread (as house photos). */
const MAX_INPUT_PIXELS = 50_000_000;
/** Long side kept: a till slip's small print stays readable at 2,000 px. */
const MAX_SIDE = 2000;
const PHOTO_FORMATS = new Set(["jpeg", "png", "webp", "avif"]);
// ISO BMFF brands of HEIC/HEVC images: sharp's prebuilt libheif decodes AVIF only, not HEVC.
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString("latin1") === "%PDF-";

function isHeic(bytes: Buffer) {
  if (bytes.subarray(4, 8).toString("latin1") !== "ftyp") return false;
  // The major brand, then the compatible brands of the ftyp box: an AVIF also lists mif1.
  const size = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
  const brands = [];
  for (let at = 8; at + 4 <= size; at += 4) brands.push(bytes.subarray(at, at + 4).toString("latin1"));
  return !brands.includes("avif") && brands.some((brand) => HEIC_BRANDS.has(brand));
}

/**
 * Reads an uploaded receipt by its bytes, never by its name or the browser's type: a PDF is kept as
 * it is (its magic bytes checked), a photo re-encoded, turned upright and stripped of its metadata (a
 * phone's photo carries where it was taken); anything else is refused with a sentence.
 */
export async function readReceipt(bytes: Buffer): Promise<ReceiptRead> {
  if (bytes.length > RECEIPT_MAX_BYTES) return { ok: false, error: RECEIPT_TOO_LARGE };
  if (isPdf(bytes)) return { ok: true, file: { contentType: "application/pdf", bytes } };
  if (isHeic(bytes)) return { ok: false, error: RECEIPT_HEIC };
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false });
  let format: string | undefined;
  try {
    format = (await input().metadata()).format;
  } catch {
    return { ok: false, error: RECEIPT_WRONG_TYPE };
  }
  if (!format || !PHOTO_FORMATS.has(format)) return { ok: false, error: RECEIPT_WRONG_TYPE };
  try {
    // sharp writes no metadata unless asked (withMetadata): EXIF, GPS, XMP and ICC names all go.
    const webp = await input()
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { ok: true, file: { contentType: "image/webp", bytes: webp } };
  } catch {
    return { ok: false, error: RECEIPT_UNREADABLE };
  }
}
