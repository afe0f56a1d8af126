import { describe, expect, it } from "vitest";
import type { FrozenEdition } from "~/features/season/lib/editions";
import { getCurrentEdition } from "~/features/season/models/edition.server";
import { rollOver } from "~/features/season/models/edition-rollover.server";
import { listPendingInvitations, recordInvitation } from "~/features/organiser/models/invitation.server";
import { createUser } from "~/platform/models/user.server";
import { useFreshDatabase } from "../../../../tests/support/database";

useFreshDatabase();

const pending = async () => (await listPendingInvitations()).map((entry) => entry.email);

describe("pending invitations", () => {
  it("list this edition's unregistered addresses: not last edition's, unless invited again", async () => {
    await recordInvitation("old@example.com");
    await recordInvitation("again@example.com");
    await recordInvitation("joined@example.com");
    await createUser({ email: "Joined@example.com", password: "secret1" });
    expect(await pending()).toEqual(["again@example.com", "old@example.com"]);

    // The organiser starts the next edition: last edition's invitations leave the list.
    const current = await getCurrentEdition();
    const next = await rollOver({
      fromId: current.id,
      settings: {},
      chosenHouseId: null,
      freeze: async () => ({}) as FrozenEdition,
    });
    expect(next?.year).toBe(current.year + 1);
    expect(await pending()).toEqual([]);

    // Invited again this edition: listed again.
    await recordInvitation("again@example.com");
    expect(await pending()).toEqual(["again@example.com"]);
  });
});
