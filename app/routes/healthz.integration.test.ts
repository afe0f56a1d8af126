import { describe, expect, it, vi } from "vitest";
import * as health from "~/platform/models/health.server";
import { useFreshDatabase } from "../../tests/support/database";
import { loader } from "~/routes/healthz";

useFreshDatabase();

describe("/healthz", () => {
  it("answers ok when the database answers", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, backup: { at: null, ageHours: null } });
  });

  it("answers 503 with Retry-After when it does not", async () => {
    const ping = vi.spyOn(health, "pingDatabase").mockRejectedValue(new Error("connection refused"));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await loader();
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    ping.mockRestore();
    quiet.mockRestore();
  });
});
