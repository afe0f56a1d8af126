import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { surveys, users, type User } from "~/platform/db/schema";
import { columnsOf } from "~/platform/db/columns";
import { hashPassword, verifyPassword } from "~/platform/models/password.server";

export type { User };

/** The columns of a `User`: everything but the password hash. */
export const userColumns = columnsOf(users, "id", "email", "name", "createdAt", "emailConfirmedAt", "leftAt");

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function getUserById(id: number): Promise<User | undefined> {
  const db = await getDb();
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return user;
}

const byEmail = (email: string) => sql`lower(${users.email}) = ${normaliseEmail(email)}`;

export async function getUserByEmail(email: string): Promise<User | undefined> {
  const db = await getDb();
  const [user] = await db
    .select(userColumns)
    .from(users)
    // A former member's row answers to no address: it can never sign in again (decision 025).
    .where(and(byEmail(email), isNull(users.leftAt)))
    .limit(1);
  return user;
}

/** The member's password hash ("" for an account made from an invitation with a code). */
export async function passwordHashOf(userId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.passwordHash ?? "";
}

/** Creates a member; returns undefined when the e-mail is already taken (in any letter case). */
export async function createUser(input: {
  email: string;
  password: string;
  name?: string | null;
}): Promise<User | undefined> {
  const db = await getDb();
  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({ email: normaliseEmail(input.email), passwordHash, name: input.name?.trim() || null })
    .onConflictDoNothing()
    .returning(userColumns);
  return user;
}

/** The user when e-mail and password match, else undefined (same answer for an unknown e-mail). */
export async function verifyLogin(email: string, password: string): Promise<User | undefined> {
  const db = await getDb();
  const [user] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(byEmail(email))
    .limit(1);
  // An account made from an invitation with a code has no password (an empty hash): nothing matches
  // it, in the time a real check takes.
  if (!user || user.passwordHash === "") {
    // Spend the same time as a real check so response times do not reveal which e-mails exist.
    dummyHash ??= hashPassword("not-a-real-password");
    await verifyPassword(await dummyHash, password);
    return undefined;
  }
  const { passwordHash, ...member } = user;
  return (await verifyPassword(passwordHash, password)) ? member : undefined;
}

let dummyHash: Promise<string> | undefined;

export async function setUserName(userId: number, name: string) {
  const db = await getDb();
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

/**
 * A member with their survey's name and attending answer, for a select from users left-joined to
 * one edition's surveys; `memberName` makes the name they go by.
 */
export const memberSurveyColumns = {
  id: users.id,
  email: users.email,
  userName: users.name,
  surveyName: surveys.name,
  attending: surveys.attending,
};

/** The name a member goes by: their survey's, else their account's, else "User". */
export const memberName = (row: { surveyName: string | null; userName: string | null }) =>
  row.surveyName?.trim() || row.userName?.trim() || "User";
