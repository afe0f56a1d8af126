import { describe, expect, it } from "vitest";
import { passwordResets, pendingSubmissions, rateLimits, sessions } from "~/platform/db/schema";
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
    await db.insert(passwordResets).values([
      { tokenHash: "expired", userId: user!.id, expiresAt: past },
      { tokenHash: "used", userId: user!.id, expiresAt: future, usedAt: past },
      { tokenHash: "open", userId: user!.id, expiresAt: future },
    ]);
    await db.insert(rateLimits).values([
      { key: "closed", count: 3, resetAt: past },
      { key: "open", count: 3, resetAt: future },
    ]);
    await db.insert(pendingSubmissions).values([
      { tokenHash: "forgotten", payload: {}, expiresAt: past },
      { tokenHash: "waiting", payload: {}, expiresAt: future },
    ]);

    await pruneExpired(db);

    expect((await db.select().from(sessions)).map((row) => row.tokenHash)).toEqual(["live"]);
    expect((await db.select().from(passwordResets)).map((row) => row.tokenHash)).toEqual(["open"]);
    expect((await db.select().from(rateLimits)).map((row) => row.key)).toEqual(["open"]);
    expect((await db.select().from(pendingSubmissions)).map((row) => row.tokenHash)).toEqual(["waiting"]);
  });
});
