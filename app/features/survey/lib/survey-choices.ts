// Kept apart from the zod schemas in survey-schema: the browser needs these lists, not zod.
export const SHIRT_SIZES = ["xs", "s", "m", "l", "xl", "2xl", "3xl", "4xl"] as const;
export const SHIRT_HOLDERS = ["self", "boo", "child"] as const;
