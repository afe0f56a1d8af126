import { z, type ZodError } from "zod";
import { handlerFor } from "~/platform/lib/dispatch";
import { firstErrorPerField } from "~/platform/lib/field-errors";
import { VOTE_CHOICES } from "~/features/houses/lib/house-rules";
import {
  LISTING_URL_ERROR,
  SLIDERS,
  imageUrlError,
  normaliseImageUrl,
  normaliseCountry,
  normaliseListingUrl,
  type SliderName,
} from "~/features/houses/lib/house-rules";
import { priceFields, readPrice } from "~/features/houses/lib/money-schema";
import { HOUSE_LIMITS, tooLong } from "~/platform/lib/limits";
import { countryChoiceOf, isStateOf } from "~/platform/lib/states";

const text = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong(label, max));

const listingUrl = text("Listing URL", HOUSE_LIMITS.url).transform((value, ctx) => {
  const url = normaliseListingUrl(value);
  if (!url) ctx.addIssue({ code: z.ZodIssueCode.custom, message: LISTING_URL_ERROR });
  return url ?? z.NEVER;
});

const imageUrl = text("Image URL", HOUSE_LIMITS.listing_img).transform((value, ctx) => {
  const error = imageUrlError(value);
  const url = normaliseImageUrl(value);
  if (error || !url) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: error ?? "Image URL must be an http:// or https:// link",
    });
    return z.NEVER;
  }
  return url;
});

function slider(name: SliderName) {
  const { label, min, max, step } = SLIDERS[name];
  // Each message names the actual problem: 6.5 bedrooms is not "out of range", it is not whole.
  const notNumber = `${label} must be a number`;
  const notStep = step === 1 ? `${label} must be a whole number` : `${label} must be in steps of ${step}`;
  return z.preprocess(
    (value) => (value === "" || value === null || value === undefined ? undefined : Number(value)),
    z
      .number({ required_error: `${label} is required`, invalid_type_error: notNumber })
      .refine((value) => Number.isFinite(value), notNumber)
      .refine((value) => Number.isInteger(value / step), notStep)
      .refine((value) => value >= min && value <= max, `${label} must be between ${min} and ${max}`),
  );
}

/** The message for a state that is missing or not part of the country, if any. */
export function stateError(country: string, state: string): string | undefined {
  if (countryChoiceOf(country) === "Other") return undefined;
  if (!state) return "Please choose a state or province";
  if (!isStateOf(country, state)) return `That state or province is not in ${country}`;
  return undefined;
}

const fields = {
  url: listingUrl,
  title: text("Title", HOUSE_LIMITS.title),
  city: text("City", HOUSE_LIMITS.city),
  state: z.string().trim().max(HOUSE_LIMITS.state).default(""),
  country: text("Country", HOUSE_LIMITS.country),
  num_bedrooms: slider("num_bedrooms"),
  num_beds: slider("num_beds"),
  num_baths: slider("num_baths"),
  listing_img: imageUrl,
  // Optional, beyond the spec: absent means unknown (price) and USD (currency).
  price: priceFields.price.optional(),
  currency: priceFields.currency.optional(),
};

const houseObject = (image: z.ZodType<string, z.ZodTypeDef, unknown>) =>
  z
    .object({ ...fields, listing_img: image })
    .superRefine((house, ctx) => {
      const message = stateError(house.country, house.state);
      if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["state"], message });
    })
    // Stored under one spelling per country (after the state check, which reads what was typed),
    // the price in minor units of its currency.
    .transform(({ price, ...house }, ctx) => {
      const stored = { ...house, country: normaliseCountry(house.country) };
      if (price === undefined) return stored;
      const read = readPrice(price, house.currency ?? "USD");
      if (read.ok) return { ...stored, priceMinor: read.priceMinor };
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: read.error });
      return z.NEVER;
    });

/**
 * One house suggestion, shared by the suggest form and POST /api/houses. who_suggested, in_play and
 * previous_house are deliberately absent: the server sets them, whatever the client sends.
 */
export const houseInputSchema = houseObject(imageUrl);
export type HouseInput = z.infer<typeof houseInputSchema>;

/**
 * The organiser's edit: the same checks, except that the house's stored image (a demo's local SVG,
 * or none) is accepted unchanged, so renaming a house does not mean inventing a photo URL.
 */
export function houseEditSchema(storedImage: string) {
  const keptOrChecked = z.unknown().transform((value, ctx) => {
    if (typeof value === "string" && value.trim() === storedImage) return storedImage;
    const checked = imageUrl.safeParse(value);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: issue.message });
    }
    return z.NEVER;
  });
  return houseObject(keptOrChecked);
}

/**
 * Every problem with a suggestion at once, one per field. Zod skips the cross-field state check
 * while another field fails, so it is added here: a no-JS member sees it on the first submit.
 */
export function houseInputErrors(error: ZodError, input: { country: string; state: string }) {
  const errors = firstErrorPerField(error);
  const state = errors.country ? undefined : stateError(input.country, input.state);
  return state && !errors.state ? { ...errors, state } : errors;
}

const flag = (label: string) =>
  z.preprocess(
    (value) => (value === "true" || value === "on" ? true : value === "false" ? false : value),
    z.boolean({ invalid_type_error: `${label} must be true or false` }),
  );

const year = z.preprocess(
  (value) => (value === "" || value === "null" ? null : typeof value === "string" ? Number(value) : value),
  z
    .number({ invalid_type_error: "Previous house year must be a year" })
    .int("Previous house year must be a year")
    .min(1900, "Previous house year must be a year")
    .max(2100, "Previous house year must be a year")
    .nullable(),
);

/** The organiser's PATCH: any subset of the house's fields; the state check runs on the merged house. */
export const housePatchSchema = z.object({
  in_play: flag("in_play").optional(),
  previous_house: flag("previous_house").optional(),
  previous_house_year: year.optional(),
  url: fields.url.optional(),
  title: fields.title.optional(),
  city: fields.city.optional(),
  state: z.string().trim().max(HOUSE_LIMITS.state).optional(),
  country: fields.country.transform(normaliseCountry).optional(),
  num_bedrooms: fields.num_bedrooms.optional(),
  num_beds: fields.num_beds.optional(),
  num_baths: fields.num_baths.optional(),
  listing_img: fields.listing_img.optional(),
  price: fields.price,
  currency: fields.currency,
});
export type HousePatch = z.infer<typeof housePatchSchema>;

/** A change as stored: the patch with its price in minor units (see priceChange). */
export type HouseChange = Omit<HousePatch, "price"> & { priceMinor?: number | null };

export const VOTE_TYPE_ERROR = "Invalid vote type. Must be one of: like, love, dislike";

/** A positive whole-number id, from JSON (7) or a form ("7"). */
export const idSchema = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z
      .number({
        required_error: `${label} is required`,
        invalid_type_error: `${label} must be a whole number`,
      })
      .int(`${label} must be a whole number`)
      .positive(`${label} must be a whole number`)
      .max(2_147_483_647, `${label} must be a whole number`),
  );

export const voteChoiceSchema = z.enum(VOTE_CHOICES, { errorMap: () => ({ message: VOTE_TYPE_ERROR }) });

/** The id in a URL segment, or undefined when it cannot be one (which reads as "not found"). */
export function parseId(segment: string | undefined): number | undefined {
  const parsed = idSchema("id").safeParse(segment);
  return parsed.success ? parsed.data : undefined;
}

// The /houses page's two forms. Built here rather than in the route module, so the browser bundle,
// which only needs the page, leaves zod out.
export const voteFormSchema = z.object({ houseId: idSchema("House"), vote: voteChoiceSchema });
export const organiserFormSchema = z.object({
  houseId: idSchema("House"),
  intent: z.enum(["in-play", "out-of-play", "previous", "not-previous"]),
  year: z.string().optional(),
});

/** What each organiser house control changes, checked by the patch schema like any other edit. */
export function houseControlPatch({ intent, year }: z.infer<typeof organiserFormSchema>) {
  const change: Record<typeof intent, unknown> = {
    "in-play": { in_play: true },
    "out-of-play": { in_play: false },
    previous: { previous_house: true, previous_house_year: year?.trim() ?? "" },
    "not-previous": { previous_house: false, previous_house_year: null },
  };
  return housePatchSchema.safeParse(handlerFor(change, intent));
}

/** The house controls on /organiser: the /houses ones plus choosing the house for SGW25. */
export const organiserHouseFormSchema = z.object({
  houseId: idSchema("House"),
  intent: z.enum(["in-play", "out-of-play", "previous", "not-previous", "choose", "unchoose"]),
  year: z.string().optional(),
});
