import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "../../../tests/support/database";
import {
  claimRateLimitSlot,
  clearRateLimit,
  hitRateLimit,
  refundRateLimit,
} from "~/platform/models/rate-limit.server";

useFreshDatabase();

const MINUTE = 60_000;

describe("rate-limit counters", () => {
  it("count concurrent hits exactly once each", async () => {
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit("test:concurrent", MINUTE)),
    );
    expect(counts.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it("keep the window's end until it passes, then start again at 1", async () => {
    const start = new Date("2026-01-01T10:00:00Z");
    const first = await hitRateLimit("test:window", 15 * MINUTE, start);
    expect(first).toEqual({ count: 1, resetAt: new Date("2026-01-01T10:15:00Z") });
    const later = await hitRateLimit("test:window", 15 * MINUTE, new Date("2026-01-01T10:14:59Z"));
    expect(later).toEqual({ count: 2, resetAt: new Date("2026-01-01T10:15:00Z") });
    const next = await hitRateLimit("test:window", 15 * MINUTE, new Date("2026-01-01T10:15:00Z"));
    expect(next).toEqual({ count: 1, resetAt: new Date("2026-01-01T10:30:00Z") });
  });

  it("refund one hit and clear a key", async () => {
    await hitRateLimit("test:refund", MINUTE);
    await hitRateLimit("test:refund", MINUTE);
    await refundRateLimit("test:refund");
    expect((await hitRateLimit("test:refund", MINUTE)).count).toBe(2);
    await clearRateLimit("test:refund");
    expect((await hitRateLimit("test:refund", MINUTE)).count).toBe(1);
  });

  it("give out at most max slots to concurrent claims, count no refused one, and free a refunded slot", async () => {
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => claimRateLimitSlot("test:slots", 3, MINUTE)),
    );
    expect(claims.filter(Boolean)).toHaveLength(3);
    await refundRateLimit("test:slots");
    expect(await claimRateLimitSlot("test:slots", 3, MINUTE)).toBe(true);
    expect(await claimRateLimitSlot("test:slots", 3, MINUTE)).toBe(false);
    const later = new Date(Date.now() + MINUTE);
    expect(await claimRateLimitSlot("test:slots", 3, MINUTE, later)).toBe(true);
  });
});
