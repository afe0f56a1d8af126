// One limit per field, read by the input's maxlength, the server's check and the message alike.
// Kept apart from the zod schemas: the browser needs these numbers, not zod.
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** A member's name, at registration and as the survey's first answer (it becomes the display name). */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const SURVEY_TEXT_MAX = 2000;
export const SEARCH_MAX = 100;
export const HOUSE_LIMITS = {
  url: 2000,
  title: 200,
  listing_img: 2000,
  city: 120,
  state: 40,
  country: 80,
} as const;

/** The one wording for a value over its limit: "Title must be at most 200 characters". */
export function tooLong(label: string, max: number) {
  return `${label} must be at most ${max.toLocaleString("en-US")} characters`;
}

/**
 * The one page that takes a file: /setup/restore's backup upload (issue 54). A season's backup is a
 * few MB; 50 MB leaves room for years of photos while a stray upload cannot fill the server's memory.
 */
export const RESTORE_UPLOAD_PATH = "/setup/restore";
export const RESTORE_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/**
 * A receipt's file (a photo or a PDF kept with an expense, decision 035). A phone's photo is 2–8 MB
 * (a 48 MP one up to 12 MB as JPEG is rare, and the browser's "Most compatible" gives less); a
 * scanned one-page PDF well under 5 MB. 10 MB takes both while a year of them stays small: photos are
 * kept re-encoded at 2,000 px (some 200–400 KB), PDFs as sent.
 */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
/** The pages whose forms may post a receipt (multipart): /money's add form and an expense's edit. */
export const RECEIPT_UPLOAD_PATHS = [
  /^\/money(\.data)?$/,
  /^\/money\/expenses\/\d+(\.data)?$/,
  /^\/money\/setup(\.data)?$/,
];
