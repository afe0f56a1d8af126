import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { oneTimeSecrets, rateLimits, sessions } from "~/platform/db/schema";
import { createUser } from "~/platform/models/user.server";
import { useFreshDatabase } from "../../../tests/support/database";
import { pruneExpired } from "~/platform/models/housekeeping.server";

const database = useFreshDatabase();

describe("pruneExpired", () => {
  it("removes only what can no longer be used", async () => {
    const { db } = database;
    const user = await createUser({ email: "prune@example.com", password: "secret1" });
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60_000);
    await db.insert(sessions).values([
      { tokenHash: "old", userId: user!.id, expiresAt: past },
      { tokenHash: "live", userId: user!.id, expiresAt: future },
    ]);
    const reset = { kind: "reset-password" as const, target: String(user!.id), userId: user!.id };
    await db.insert(oneTimeSecrets).values([
      { ...reset, linkHash: "expired", expiresAt: past },
      { ...reset, linkHash: "used", expiresAt: future, usedAt: past },
      { ...reset, linkHash: "open", expiresAt: future },
    ]);
    await db.insert(rateLimits).values([
      { key: "closed", count: 3, resetAt: past },
      { key: "open", count: 3, resetAt: future },
    ]);
    const kept = { kind: "kept-submission" as const, target: "" };
    await db.insert(oneTimeSecrets).values([
      { ...kept, linkHash: "forgotten", payload: {}, expiresAt: past },
      { ...kept, linkHash: "waiting", payload: {}, expiresAt: future },
    ]);
    const ofKind = (kind: typeof reset.kind | typeof kept.kind) =>
      db
        .select({ tokenHash: oneTimeSecrets.linkHash })
        .from(oneTimeSecrets)
        .where(eq(oneTimeSecrets.kind, kind));

    await pruneExpired(db);

    expect((await db.select().from(sessions)).map((row) => row.tokenHash)).toEqual(["live"]);
    expect((await ofKind("reset-password")).map((row) => row.tokenHash)).toEqual(["open"]);
    expect((await db.select().from(rateLimits)).map((row) => row.key)).toEqual(["open"]);
    expect((await ofKind("kept-submission")).map((row) => row.tokenHash)).toEqual(["waiting"]);
  });
});
