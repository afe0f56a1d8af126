import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getUserByEmail } from "~/platform/models/user.server";
import { createUserSession } from "~/platform/services/session.server";
import { clearEventSettings, setChosenHouseId, setPlannedWeekend } from "~/features/season/index.server";
import { listHouses, updateHouse } from "~/features/houses/index.server";
import { seedDemoData } from "~/seed.server";
import { callRoute, cookieFrom, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import * as homePage from "~/routes/_index";

// What a member's page reads once per change of its tables (docs/decisions/029-render-path.md)
// shows a write on the very next render.
const database = useFreshDatabase();
let cookie = "";

beforeAll(async () => {
  await seedDemoData(database.db, { confirmOrganisers: true });
  const alex = (await getUserByEmail("alex@example.com"))!;
  cookie = cookieFrom(await createUserSession(alex.id, "/"));
  await setPlannedWeekend("Aug 21 - Aug 25");
});

afterAll(() => clearEventSettings());

const where = async () => {
  const body = (await (await callRoute(homePage.loader, makeRequest("/", { cookie }))).json()) as {
    decision: { where: { title: string } | null };
  };
  return body.decision.where?.title ?? null;
};

describe("the chosen house on a member's home page", () => {
  it("shows a change of the house, its choice and its play on the next render", async () => {
    const [lodge, other] = await listHouses();
    await setChosenHouseId(lodge.id);
    expect(await where()).toBe(lodge.title);
    await updateHouse(lodge.id, { title: "Renamed Lodge" });
    expect(await where()).toBe("Renamed Lodge");
    await setChosenHouseId(other.id);
    expect(await where()).toBe(other.title);
    // Out of play, a house is never named as the place.
    await updateHouse(other.id, { in_play: false });
    expect(await where()).toBeNull();
  });
});
