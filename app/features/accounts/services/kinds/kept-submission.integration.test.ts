import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { oneTimeSecrets } from "~/platform/db/schema";
import { useFreshDatabase } from "../../../../../tests/support/database";
import {
  PENDING_PER_ADDRESS,
  PENDING_TOTAL,
  PENDING_TTL_MS,
  claimPendingSubmission,
  dropPendingSubmission,
  keepPendingSubmission,
  releasePendingSubmission,
} from "~/features/accounts/services/kinds/kept-submission.server";
import { createUser } from "~/platform/models/user.server";

const database = useFreshDatabase();

async function member(email: string) {
  return (await createUser({ email, password: "secret1" }))!.id;
}

describe("pending submissions", () => {
  it("are claimed by one login, given back when it fails half-way, then forgotten", async () => {
    const userId = await member("kim@example.com");
    const payload = { kind: "survey", section: 1, fields: [["name", "Kim"]] };
    const token = (await keepPendingSubmission(payload, { userId, address: "10.0.0.1" }))!;
    expect(await claimPendingSubmission(token)).toEqual({ payload, userId });
    expect(await claimPendingSubmission(token)).toBeNull();
    await releasePendingSubmission(token);
    expect(await claimPendingSubmission(token)).toEqual({ payload, userId });
    await dropPendingSubmission(token);
    await releasePendingSubmission(token);
    expect(await claimPendingSubmission(token)).toBeNull();
  });

  it("last half an hour, and only the token finds them", async () => {
    const userId = await member("lee@example.com");
    const kept = new Date(Date.now() - PENDING_TTL_MS - 1);
    const token = (await keepPendingSubmission({ kind: "house" }, { userId, address: "a" }, kept))!;
    expect(await claimPendingSubmission(token)).toBeNull();
    const fresh = (await keepPendingSubmission({ kind: "house" }, { userId, address: "a" }))!;
    expect(await claimPendingSubmission(`${fresh}x`)).toBeNull();
  });

  it("30 logins at once with one token: exactly one claims it", async () => {
    const userId = await member("par@example.com");
    const token = (await keepPendingSubmission({ kind: "house" }, { userId, address: "b" }))!;
    const claims = await Promise.all(Array.from({ length: 30 }, () => claimPendingSubmission(token)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("a flood is bounded per address and in total, and expired rows go while running", async () => {
    const userId = await member("flood@example.com");
    const keep = (address: string, at = new Date()) =>
      keepPendingSubmission({ kind: "house", pad: "x".repeat(1000) }, { userId, address }, at);
    const fromOne = await Promise.all(Array.from({ length: 40 }, () => keep("10.6.6.6")));
    expect(fromOne.filter(Boolean)).toHaveLength(PENDING_PER_ADDRESS);
    for (let i = 0; i < PENDING_TOTAL; i++) await keep(`10.7.${i >> 8}.${i & 255}`);
    const rows = () =>
      database.db
        .select({ address: oneTimeSecrets.target })
        .from(oneTimeSecrets)
        .where(eq(oneTimeSecrets.kind, "kept-submission"));
    expect(await rows()).toHaveLength(PENDING_TOTAL);
    expect(await keep("10.8.0.1")).toBeNull();
    // Half an hour later the old rows are gone at the next post, and there is room again.
    const later = new Date(Date.now() + PENDING_TTL_MS + 1000);
    expect(await keep("10.8.0.1", later)).not.toBeNull();
    expect((await rows()).length).toBe(1);
  }, 120_000);
});
