import { describe, expect, it } from "vitest";
import { HYDRATE, needsHydration } from "~/platform/lib/hydration";

describe("needsHydration", () => {
  it("is true only when a matched route asks for it", () => {
    expect(needsHydration([{ handle: undefined }, { handle: HYDRATE }])).toBe(true);
    expect(needsHydration([{ handle: undefined }, { handle: { other: 1 } }])).toBe(false);
    expect(needsHydration([{ handle: { hydrate: "yes" } }])).toBe(false);
    expect(needsHydration([])).toBe(false);
  });
});
