import { eq } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { personalLinks, users } from "~/platform/db/schema";
import { hashToken, newToken } from "~/platform/models/session.server";

/** Stores a personal link's hash for the member and returns the token for the mail. */
export async function createPersonalLink(userId: number, target: string, expiresAt: Date): Promise<string> {
  const db = await getDb();
  const token = newToken();
  await db.insert(personalLinks).values({ tokenHash: hashToken(token), userId, target, expiresAt });
  return token;
}

/** The link behind a token with its member, expired or not; undefined once revoked or unknown. */
export async function findPersonalLink(token: string) {
  const db = await getDb();
  const [row] = await db
    .select({ target: personalLinks.target, expiresAt: personalLinks.expiresAt, user: users })
    .from(personalLinks)
    .innerJoin(users, eq(users.id, personalLinks.userId))
    .where(eq(personalLinks.tokenHash, hashToken(token)))
    .limit(1);
  return row;
}
