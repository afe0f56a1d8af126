import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "../../tests/support/database";
import {
  PENDING_TTL_MS,
  dropPendingSubmission,
  keepPendingSubmission,
  readPendingSubmission,
} from "./pending-submission.server";

useFreshDatabase();

describe("pending submissions", () => {
  it("stay until applied (a login that fails half-way finds them again), then are gone", async () => {
    const token = await keepPendingSubmission({ kind: "survey", section: 1, fields: [["name", "Kim"]] });
    expect(await readPendingSubmission(token)).toEqual({
      kind: "survey",
      section: 1,
      fields: [["name", "Kim"]],
    });
    expect(await readPendingSubmission(token)).not.toBeNull();
    await dropPendingSubmission(token);
    expect(await readPendingSubmission(token)).toBeNull();
  });

  it("last half an hour, and only the token finds them", async () => {
    const kept = new Date(Date.now() - PENDING_TTL_MS - 1);
    const token = await keepPendingSubmission({ kind: "house" }, kept);
    expect(await readPendingSubmission(token)).toBeNull();
    const fresh = await keepPendingSubmission({ kind: "house" });
    expect(await readPendingSubmission(`${fresh}x`)).toBeNull();
  });
});
