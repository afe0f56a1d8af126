/**
 * Why an organiser's own account cannot be deleted (an organiser's account is never deleted, so the
 * organisers, and the last of them, cannot delete themselves either): said on /account instead of
 * the way to delete, and by /account/delete to a post that comes anyway.
 */
export const ORGANISER_KEEPS_ACCOUNT =
  "You are an organiser: your account cannot be deleted while you are one. Another organiser can take you off the organisers on the People page first (or out of ADMIN_EMAILS).";
