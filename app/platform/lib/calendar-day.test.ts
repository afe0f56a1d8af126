import { describe, expect, it } from "vitest";
import { formatDay } from "~/platform/lib/calendar-day";

describe("formatDay", () => {
  it("writes a day as people write it, and leaves anything else as it was", () => {
    expect(formatDay("2025-06-01")).toBe("June 1, 2025");
    expect(formatDay("2099-12-31")).toBe("December 31, 2099");
    expect(formatDay("2025-02-30")).toBe("2025-02-30");
    expect(formatDay("")).toBe("");
    expect(formatDay("soon")).toBe("soon");
  });
});
