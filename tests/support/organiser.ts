import { afterAll, beforeAll } from "vitest";
import { markEmailConfirmed } from "~/features/accounts/models/email-confirmation.server";
import { resetEnvCache } from "~/platform/env.server";
import { createUser, getUserByEmail } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { seedDemoData } from "~/seed.server";
import { cookieFrom } from "./requests";

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

/**
 * For a test file: the demo data, with organiser@example.com the organiser (in ADMIN_EMAILS and
 * confirmed) and logged in as `cookie`; ADMIN_EMAILS is put back after the file.
 */
export function useDemoOrganiser(database: { db: Parameters<typeof seedDemoData>[0] }) {
  const adminEmails = process.env.ADMIN_EMAILS;
  const organiser = { cookie: "" };
  beforeAll(async () => {
    process.env.ADMIN_EMAILS = "organiser@example.com";
    resetEnvCache();
    await seedDemoData(database.db, { confirmOrganisers: true });
    const user = await getUserByEmail("organiser@example.com");
    organiser.cookie = cookieFrom(await createUserSession(user!.id, "/"));
  });
  afterAll(() => {
    process.env.ADMIN_EMAILS = adminEmails;
    resetEnvCache();
  });
  return organiser;
}
