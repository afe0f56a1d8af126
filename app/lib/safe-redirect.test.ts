import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirect("/survey/2?x=1")).toBe("/survey/2?x=1");
  });

  it.each(["//evil.example", "https://evil.example", "/\\evil.example", "evil", "", undefined, 42, "/\nx"])(
    "sends %j home",
    (target) => {
      expect(safeRedirect(target)).toBe("/");
    },
  );
});
