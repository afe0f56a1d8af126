// Kept apart from the zod schemas in auth-forms: the browser needs these numbers and words, not zod.
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const PASSWORDS_DIFFER = "Passwords do not match";
export const NO_TOKEN = "No token provided in URL";
