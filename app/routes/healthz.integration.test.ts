import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "../../tests/support/database";
import { loader } from "./healthz";

useFreshDatabase();

describe("/healthz", () => {
  it("answers ok when the database answers", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});
