import { describe, expect, it } from "vitest";
import { callRoute, makeRequest } from "../../tests/support/requests";
import { action, loader } from "~/routes/api.$";

describe("unknown /api paths", () => {
  it("answer 404 in JSON for any method", async () => {
    for (const [handler, method] of [
      [loader, "GET"],
      [action, "POST"],
    ] as const) {
      const response = await callRoute(handler, makeRequest("/api/nope", { method }));
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toContain("application/json");
      expect(await response.json()).toEqual({ error: "Not found" });
    }
  });
});
