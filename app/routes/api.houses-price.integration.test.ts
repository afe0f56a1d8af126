import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { getHouse } from "~/features/houses/models/house.server";
import { createSession } from "~/platform/models/session.server";
import { createUser } from "~/platform/models/user.server";
import { callRoute, makeRequest } from "../../tests/support/requests";
import { SUGGESTION } from "~/features/houses/lib/house.fixture";
import { useFreshDatabase } from "../../tests/support/database";
import { createConfirmedOrganiser } from "../../tests/support/organiser";
import * as houseRoute from "~/routes/api.houses.$id";
import * as housesRoute from "~/routes/api.houses";

useFreshDatabase();

const adminEmails = process.env.ADMIN_EMAILS;
let member: string;
let organiser: string;

beforeAll(async () => {
  process.env.ADMIN_EMAILS = "boss@example.com";
  resetEnvCache();
  member = (await createSession((await createUser({ email: "ana@example.com", password: "secret1" }))!.id))
    .token;
  organiser = (await createSession((await createConfirmedOrganiser({ email: "boss@example.com" })).id)).token;
});

afterAll(() => {
  process.env.ADMIN_EMAILS = adminEmails;
  resetEnvCache();
});

const post = (body: unknown) =>
  callRoute(housesRoute.action, makeRequest("/api/houses", { json: body, bearer: member }));

describe("a house's optional price in /api", () => {
  it("is null (unknown) and USD when a client sends neither, as older clients do", async () => {
    const answer = await post(SUGGESTION);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ price: null, currency: "USD" });
  });

  it("is stored when sent, refused when it is not a price, and patched by the organiser", async () => {
    // A listing of its own: the same listing is refused a second time.
    const answer = await post({ ...SUGGESTION, url: "airbnb.com/rooms/2", price: 850, currency: "cad" });
    const house = await answer.json();
    expect(house).toMatchObject({ price: 850, currency: "CAD" });
    const bad = await post({ ...SUGGESTION, url: "airbnb.com/rooms/3", price: -1, currency: "DOLLARS" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toMatchObject({
      price: "Write the amount as digits with at most 2 decimals, e.g. 1234 or 1234.50.",
      currency: "Currency must be a three-letter code such as USD, CAD or MXN",
    });
    const patched = await callRoute(
      houseRoute.action,
      makeRequest(`/api/houses/${house.id}`, { method: "PATCH", json: { price: null }, bearer: organiser }),
      { id: String(house.id) },
    );
    expect(await patched.json()).toMatchObject({ price: null, currency: "CAD" });
    const list = await (
      await callRoute(housesRoute.loader, makeRequest("/api/houses", { bearer: member }))
    ).json();
    expect(list.map((entry: { price: number | null }) => entry.price)).toEqual([null, null]);
  });

  it("is stored in minor units and answered in major units, as clients send it", async () => {
    const answer = await post({ ...SUGGESTION, url: "airbnb.com/rooms/4", price: "849.99" });
    const house = await answer.json();
    expect(house).toMatchObject({ price: 849.99, currency: "USD" });
    expect(await getHouse(house.id)).toMatchObject({ priceMinor: 84_999, currency: "USD" });
    const patch = (json: unknown) =>
      callRoute(
        houseRoute.action,
        makeRequest(`/api/houses/${house.id}`, { method: "PATCH", json, bearer: organiser }),
        { id: String(house.id) },
      );
    // 849.99 cannot be yen: the currency alone is refused, with the price it would take.
    const yen = await patch({ currency: "JPY" });
    expect(yen.status).toBe(400);
    expect((await yen.json()).fieldErrors.price).toMatch(/^JPY has no decimals/);
    expect(await (await patch({ price: 120000, currency: "jpy" })).json()).toMatchObject({
      price: 120000,
      currency: "JPY",
    });
    expect(await getHouse(house.id)).toMatchObject({ priceMinor: 120_000, currency: "JPY" });
    expect(await (await patch({ currency: "MXN" })).json()).toMatchObject({ price: 120000, currency: "MXN" });
    expect(await getHouse(house.id)).toMatchObject({ priceMinor: 12_000_000, currency: "MXN" });
  });
});
