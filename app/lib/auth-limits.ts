// Kept apart from the zod schemas in auth-forms: the browser needs these words, not zod. The
// password and name limits live with every other field's, in limits.ts.
export const PASSWORDS_DIFFER = "Passwords do not match";
export const NO_TOKEN = "No token provided in URL";
