// Kept apart from the zod schemas in survey-schema: the browser needs these lists, not zod.
export const ATTENDING = ["yes", "no", "maybe"] as const;
export const EXTENSIONS = ["no", "beginning", "end", "both"] as const;
export const YES_NO = ["yes", "no"] as const;
export const AYE_NAY = ["aye", "nay"] as const;
export const SHIRT_SIZES = ["xs", "s", "m", "l", "xl", "2xl", "3xl", "4xl"] as const;
export const COUNTRIES = ["usa", "canada", "mexico"] as const;
export const EXTRA_GUESTS = ["boo", "child"] as const;
export const SHIRT_HOLDERS = ["self", "boo", "child"] as const;
