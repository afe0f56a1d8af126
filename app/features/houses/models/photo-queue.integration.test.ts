import { describe, expect, it } from "vitest";
import { housePhotos, houses, users } from "~/platform/db/schema";
import { SUGGESTION } from "~/features/houses/lib/house.fixture";
import { claimDuePhotos } from "~/features/houses/models/photo-queue.server";
import { useFreshDatabase } from "../../../../tests/support/database";

const database = useFreshDatabase();

describe("the photo queue", () => {
  it("takes turns between suggesters: B's one photo is claimed second, not ninth, after A's eight", async () => {
    const [a, b] = await database.db
      .insert(users)
      .values(["a", "b"].map((name) => ({ email: `${name}@example.com`, passwordHash: "x", name })))
      .returning({ id: users.id });
    const house = (suggestedBy: number, i: number) => ({
      ...SUGGESTION,
      url: `https://example.com/${suggestedBy}/${i}`,
      suggestedBy,
    });
    const rows = await database.db
      .insert(houses)
      .values([...Array.from({ length: 8 }, (_, i) => house(a.id, i)), house(b.id, 0)])
      .returning({ id: houses.id });
    const queuedAt = (i: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, i));
    await database.db.insert(housePhotos).values(
      rows.map(({ id }, i) => ({
        houseId: id,
        sourceUrl: `https://slow.example.com/${i}.jpg`,
        nextAttemptAt: queuedAt(i),
      })),
    );
    const now = new Date(Date.UTC(2025, 0, 1, 0, 1));
    const [first] = await claimDuePhotos(1, now);
    // A's first photo is still being fetched (claimed, not done) when the next is chosen.
    const [second] = await claimDuePhotos(1, now);
    expect([first.houseId, second.houseId]).toEqual([rows[0].id, rows[8].id]);
  });
});
