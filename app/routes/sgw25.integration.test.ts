import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { surveys } from "~/db/schema";
import { createUser } from "~/models/user.server";
import { callRoute, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { loader } from "./sgw25";

const database = useFreshDatabase();

async function lists() {
  const response = await callRoute(loader, makeRequest("/sgw25"));
  const { coming, onTheFence } = (await response.json()) as { coming: string[]; onTheFence: string[] };
  return { coming, onTheFence };
}

describe("/sgw25 live lists", () => {
  it("follow the saved surveys", async () => {
    expect(await lists()).toEqual({ coming: [], onTheFence: [] });

    const ana = await createUser({ email: "ana@example.com", password: "secret1" });
    const bo = await createUser({ email: "bo@example.com", password: "secret1" });
    const cy = await createUser({ email: "cy@example.com", password: "secret1" });
    await database.db.insert(surveys).values([
      { userId: ana!.id, name: "Ana", attending: "yes" },
      { userId: bo!.id, name: "Bo", attending: "maybe" },
      { userId: cy!.id, name: "Cy", attending: "no" },
    ]);
    expect(await lists()).toEqual({ coming: ["Ana"], onTheFence: ["Bo"] });

    await database.db.update(surveys).set({ attending: "yes" }).where(eq(surveys.userId, bo!.id));
    await database.db.update(surveys).set({ attending: "maybe" }).where(eq(surveys.userId, ana!.id));
    expect(await lists()).toEqual({ coming: ["Bo"], onTheFence: ["Ana"] });
  });
});
