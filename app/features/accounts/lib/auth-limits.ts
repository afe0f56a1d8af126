// Kept apart from the zod schemas in auth-forms: the browser needs these words, not zod. The
// password and name limits live with every other field's, in limits.ts.
export const PASSWORDS_DIFFER = "Passwords do not match";
export const NO_TOKEN = "No token provided in URL";
/** A reset token that is unknown, used or past its 30 minutes: the page then offers a new link. */
export const INVALID_RESET_TOKEN = "Invalid or expired token";
/** An organiser's confirmation link that is unknown, someone else's, used or past its 30 minutes. */
export const CONFIRM_LINK_INVALID =
  "This link is not valid, was used already or has expired. Send yourself a new one.";
/** A sign-in code or its link that is wrong, expired, spent or tried too often: one plain message. */
export const CODE_INVALID = "That code is not right, has expired or was used already. Ask for a new one.";
/**
 * The demo accounts' password, printed in the README and every demo start's log (decision 023): it
 * opens nothing on a real planner, so nobody may choose it as their own.
 */
export const DEMO_PASSWORD = "sgw25-demo";
export const DEMO_PASSWORD_REFUSED = "That password is published with the demo: choose another one.";
