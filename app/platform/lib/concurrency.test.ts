import { describe, expect, it } from "vitest";
import { concurrencyLimit } from "~/platform/lib/concurrency";

describe("concurrencyLimit", () => {
  it("runs at most `limit` tasks at once, all of them in the end, failures included", async () => {
    const run = concurrencyLimit(2);
    let active = 0;
    let peak = 0;
    const task = (fail: boolean) => async () => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      if (fail) throw new Error("no");
      return "ok";
    };
    const results = await Promise.allSettled(Array.from({ length: 9 }, (_, i) => run(task(i % 3 === 0))));
    expect(peak).toBe(2);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(6);
  });
});
