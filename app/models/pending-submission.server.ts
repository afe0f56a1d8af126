import { and, eq, gt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { pendingSubmissions } from "~/db/schema";
import { hashToken, newToken } from "./session.server";

export const PENDING_TTL_MS = 30 * 60 * 1000;

/** Keeps `payload` until a login; returns the token that takes it back (only its hash is stored). */
export async function keepPendingSubmission(payload: Record<string, unknown>, now = new Date()) {
  const db = await getDb();
  const token = newToken();
  await db.insert(pendingSubmissions).values({
    tokenHash: hashToken(token),
    payload,
    expiresAt: new Date(now.getTime() + PENDING_TTL_MS),
  });
  return token;
}

/** The payload kept under `token`, once: taking it deletes it. Null when unknown or expired. */
export async function takePendingSubmission(token: string, now = new Date()) {
  const db = await getDb();
  const [row] = await db
    .delete(pendingSubmissions)
    .where(and(eq(pendingSubmissions.tokenHash, hashToken(token)), gt(pendingSubmissions.expiresAt, now)))
    .returning({ payload: pendingSubmissions.payload });
  return row?.payload ?? null;
}
