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

/** The payload kept under `token`, or null when it is unknown or has expired. */
export async function readPendingSubmission(token: string, now = new Date()) {
  const db = await getDb();
  const [row] = await db
    .select({ payload: pendingSubmissions.payload })
    .from(pendingSubmissions)
    .where(and(eq(pendingSubmissions.tokenHash, hashToken(token)), gt(pendingSubmissions.expiresAt, now)));
  return row?.payload ?? null;
}

/** Forgets what was kept under `token` (once it has been applied). */
export async function dropPendingSubmission(token: string) {
  const db = await getDb();
  await db.delete(pendingSubmissions).where(eq(pendingSubmissions.tokenHash, hashToken(token)));
}
