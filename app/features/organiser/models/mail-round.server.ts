import { desc } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { mailRounds } from "~/platform/db/schema";

export type MailRoundKind = "announcement" | "reminder" | "invitations";

/** Notes a round once its mails went out (or failed): the history on the Mail page. */
export async function recordMailRound(round: {
  kind: MailRoundKind;
  subject: string;
  said: string;
  reached: string[];
  failed: string[];
  sentBy: number | null;
}) {
  if (round.reached.length === 0 && round.failed.length === 0) return;
  const db = await getDb();
  await db.insert(mailRounds).values(round);
}

/** The latest rounds, newest first. */
export async function listMailRounds(limit = 50) {
  const db = await getDb();
  return db.select().from(mailRounds).orderBy(desc(mailRounds.sentAt), desc(mailRounds.id)).limit(limit);
}
