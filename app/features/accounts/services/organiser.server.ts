import { redirect } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/platform/env.server";
import { ORGANISERS_ONLY } from "~/platform/lib/login-url";
import { requireUser } from "~/platform/services/session.server";
import {
  accountsOf,
  deleteOrganiser,
  insertOrganiser,
  listAddedOrganisers,
} from "~/features/accounts/models/organisers.server";

type Member = { email: string; emailConfirmedAt?: Date | null };

/** ADMIN_EMAILS (the way in for the first organiser) and the addresses organisers added in the app. */
export async function organiserAddresses(): Promise<Set<string>> {
  const added = await listAddedOrganisers();
  return new Set([...env().adminEmails, ...added.map((entry) => entry.email)]);
}

/** Listed in ADMIN_EMAILS or added in the app (compared case-insensitively): rights once confirmed. */
export async function isListedOrganiser(user: { email: string }) {
  return (await organiserAddresses()).has(user.email.trim().toLowerCase());
}

/**
 * Organisers are the members whose e-mail is listed (ADMIN_EMAILS or added by an organiser) *and*
 * confirmed through a link mailed to it: registration does not check addresses, so a listing alone
 * proves nothing.
 */
export async function isOrganiser(user: Member) {
  return Boolean(user.emailConfirmedAt) && (await isListedOrganiser(user));
}

/** Listed, but the address is not confirmed yet: the member is sent to confirm it. */
export async function needsConfirmation(user: Member) {
  return !user.emailConfirmedAt && (await isListedOrganiser(user));
}

export const CONFIRM_PATH = "/organiser/confirm";

/**
 * For organiser pages: anonymous visitors go to login, a listed member whose address is not
 * confirmed yet goes to confirm it, other members get a 403.
 */
export async function requireOrganiser(request: Request) {
  const user = await requireUser(request);
  if (await isOrganiser(user)) return user;
  if (request.method === "GET" && (await needsConfirmation(user))) throw redirect(CONFIRM_PATH);
  throw new Response(ORGANISERS_ONLY, { status: 403 });
}

/** Every organiser address with where it comes from and whether its owner has confirmed it. */
export async function listOrganisers() {
  const [added, listed] = [await listAddedOrganisers(), env().adminEmails];
  const emails = [...new Set([...listed, ...added.map((entry) => entry.email)])];
  const accounts = await accountsOf(emails);
  return emails.map((email) => ({
    email,
    fromEnv: listed.includes(email),
    state: !accounts.has(email)
      ? ("no-account" as const)
      : accounts.get(email)
        ? ("confirmed" as const)
        : ("unconfirmed" as const),
  }));
}

const address = z.string().trim().toLowerCase().email().max(254);

export type OrganiserChange = { ok: true; message: string } | { ok: false; error: string };

/** A confirmed organiser adds an address; its owner still confirms it before getting any right. */
export async function addOrganiser(raw: string, addedBy: number): Promise<OrganiserChange> {
  const parsed = address.safeParse(raw);
  if (!parsed.success) return { ok: false, error: "Enter the new organiser's e-mail address." };
  const email = parsed.data;
  if ((await organiserAddresses()).has(email))
    return { ok: false, error: `${email} is an organiser already.` };
  await insertOrganiser(email, addedBy);
  return {
    ok: true,
    message: `${email} is added. They get the organiser pages once they confirm the address (they are asked when they open /organiser).`,
  };
}

/** Removes an added organiser; ADMIN_EMAILS stays, and the last confirmed organiser stays. */
export async function removeOrganiser(raw: string): Promise<OrganiserChange> {
  const email = raw.trim().toLowerCase();
  if (env().adminEmails.includes(email))
    return { ok: false, error: `${email} is listed in ADMIN_EMAILS: it can only be taken out there.` };
  const added = await listAddedOrganisers();
  if (!added.some((entry) => entry.email === email))
    return { ok: false, error: `${email} is not an organiser.` };
  if (!(await deleteOrganiser(email, env().adminEmails)))
    return {
      ok: false,
      error: `${email} is the last confirmed organiser: add and confirm another one first.`,
    };
  return { ok: true, message: `${email} is no longer an organiser.` };
}
