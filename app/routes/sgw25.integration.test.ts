import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { surveys } from "~/platform/db/schema";
import { createUser } from "~/platform/models/user.server";
import { callRoute, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { loader } from "~/routes/sgw25";

const database = useFreshDatabase();

async function lists() {
  const response = await callRoute(loader, makeRequest("/sgw25"));
  const { coming, onTheFence } = (await response.json()) as { coming: string[]; onTheFence: string[] };
  return { coming, onTheFence };
}

// Writes straight to the table are seen within a second (the lists are cached per change).
const aSecondLater = () => vi.setSystemTime(Date.now() + 1_001);

afterEach(() => {
  vi.useRealTimers();
});

describe("/sgw25 live lists", () => {
  it("follow the saved surveys", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    expect(await lists()).toEqual({ coming: [], onTheFence: [] });

    const ana = await createUser({ email: "ana@example.com", password: "secret1" });
    const bo = await createUser({ email: "bo@example.com", password: "secret1" });
    const cy = await createUser({ email: "cy@example.com", password: "secret1" });
    await database.db.insert(surveys).values([
      { userId: ana!.id, name: "Ana", attending: "yes" },
      { userId: bo!.id, name: "Bo", attending: "maybe" },
      { userId: cy!.id, name: "Cy", attending: "no" },
    ]);
    aSecondLater();
    expect(await lists()).toEqual({ coming: ["Ana"], onTheFence: ["Bo"] });

    await database.db.update(surveys).set({ attending: "yes" }).where(eq(surveys.userId, bo!.id));
    await database.db.update(surveys).set({ attending: "maybe" }).where(eq(surveys.userId, ana!.id));
    aSecondLater();
    expect(await lists()).toEqual({ coming: ["Bo"], onTheFence: ["Ana"] });
  });
});
