import { markEmailConfirmed } from "~/features/accounts/models/email-confirmation.server";
import { createUser } from "~/platform/models/user.server";

/**
 * A member whose address is listed in ADMIN_EMAILS and confirmed: an organiser. Registration alone
 * never makes one (the address must be confirmed through the mailed link); tests skip the mailbox.
 */
export async function createConfirmedOrganiser(input: {
  email: string;
  password?: string;
  name?: string | null;
}) {
  const user = await createUser({ password: "secret1", ...input });
  if (!user) throw new Error(`${input.email} is registered already`);
  const confirmedAt = new Date();
  await markEmailConfirmed(user.id, confirmedAt);
  return { ...user, emailConfirmedAt: confirmedAt };
}

/** Confirms the address of a member who exists already (e.g. one of the demo members). */
export const confirmAddress = (userId: number) => markEmailConfirmed(userId);
