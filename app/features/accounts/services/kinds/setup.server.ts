import { TransactionRollbackError, eq } from "drizzle-orm";
import { ALREADY_SET_UP } from "~/platform/lib/error-copy";
import { getDb } from "~/platform/db/client.server";
import { oneTimeSecrets, organisers, users } from "~/platform/db/schema";
import { env } from "~/platform/env.server";
import { failureOf } from "~/platform/lib/field-errors";
import { hashPassword } from "~/platform/models/password.server";
import { normaliseEmail } from "~/platform/models/user.server";
import { hashToken, newToken } from "~/platform/models/session.server";
import { createUserSession } from "~/platform/services/session.server";
import { setupSchema } from "~/features/accounts/lib/auth-forms";
import { ONE_TIME_TTL_MS } from "~/features/accounts/lib/one-time";
import { findLive, issueSecret, spendSecret } from "~/features/accounts/models/one-time.server";
import { anyOrganiser } from "~/features/accounts/models/organisers.server";
import { anyFields, readForm } from "~/platform/services/read-form.server";
import { refuse } from "~/platform/services/refuse.server";

/**
 * The first start's set-up link: while no organiser exists, every start of the real planner issues
 * one (24 hours, once; the start's new link voids the earlier ones) and prints it to its log. Whoever
 * holds it creates the first organiser, the address confirmed by holding the link: the log is only
 * readable by whoever runs the server. One link at a time, for the app rather than for a member.
 */
const TARGET = "first-organiser";
const byToken = (token: string) => eq(oneTimeSecrets.linkHash, hashToken(token));

export const SETUP_LINK_INVALID =
  "This set-up link has been used, has expired or was replaced: restart the server for a new one (it prints the link in its log).";
const SETUP_ADDRESS_TAKEN = "This address already has an account: use another, or log in with it.";

/** Whether the first organiser is still to come: no confirmed account is an organiser yet. */
export async function setupNeeded() {
  return !(await anyOrganiser(env().adminEmails));
}

/** A new set-up link's token while no organiser exists (earlier links stop working), else undefined. */
export async function issueSetupLink(now = new Date()) {
  if (!(await setupNeeded())) return undefined;
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ONE_TIME_TTL_MS.setup);
  await issueSecret("setup", TARGET, { linkHash: hashToken(token), expiresAt }, { now, replace: true });
  return token;
}

/** Whether `token` is a live set-up link (looking spends nothing). */
export async function setupLinkLive(token: string | undefined) {
  return Boolean(token && (await findLive("setup", byToken(token))));
}

/** What /setup shows: 404 once an organiser exists, else whether `token` is a live link (not spent). */
export async function setupPage(token: string | null) {
  if (!(await setupNeeded())) throw new Response(ALREADY_SET_UP, { status: 404 });
  return { token: token && (await findLive("setup", byToken(token))) ? token : null };
}

/**
 * The set-up form: name, address and password become the first organiser (its address confirmed,
 * added as an organiser) and this browser is signed in as them. A refusal keeps what was typed.
 */
export async function completeSetup(request: Request) {
  if (!(await setupNeeded())) throw new Response(ALREADY_SET_UP, { status: 404 });
  const read = await readForm(request, anyFields, { keep: ["name", "email"] });
  if (!read.ok) return refuse(read.failure);
  const { data: form, values } = read;
  const token = form.token ?? "";
  if (!token || !(await findLive("setup", byToken(token))))
    return refuse({ error: SETUP_LINK_INVALID, values });
  const parsed = setupSchema.safeParse(form);
  if (!parsed.success) return refuse({ ...failureOf(parsed.error), values });
  const { name, password } = parsed.data;
  const email = normaliseEmail(parsed.data.email);
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  const outcome = await db
    .transaction(async (tx) => {
      // Spent in the statement that checks it: of two posts of one link, one goes through.
      if (!(await spendSecret("setup", byToken(token), { runner: tx }))) return SETUP_LINK_INVALID;
      const [member] = await tx
        .insert(users)
        .values({ email, name, passwordHash, emailConfirmedAt: new Date() })
        .onConflictDoNothing()
        .returning({ id: users.id });
      // A taken address gives the link back: the holder may try another address.
      if (!member) tx.rollback();
      await tx.insert(organisers).values({ email, addedBy: member.id }).onConflictDoNothing();
      return member.id;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return SETUP_ADDRESS_TAKEN;
      throw error;
    });
  if (outcome === SETUP_ADDRESS_TAKEN)
    return refuse({ error: outcome, fieldErrors: { email: outcome }, values });
  if (typeof outcome === "string") return refuse({ error: outcome, values });
  return createUserSession(outcome, "/organiser");
}
