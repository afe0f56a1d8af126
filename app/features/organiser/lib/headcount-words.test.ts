import { describe, expect, it } from "vitest";
import { against } from "~/features/organiser/lib/headcount-words";

describe("against", () => {
  it("says what the house has, what is needed and the gap", () => {
    expect(against(13, 9, "bed")).toBe("9 beds, 13 needed: 4 short");
    expect(against(5, 9, "bed")).toBe("9 beds, 5 needed: enough");
    expect(against(1, 1, "bedroom")).toBe("1 bedroom, 1 needed: enough");
  });
});
