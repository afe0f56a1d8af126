import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
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
      price: "Price must be 0 or more",
      currency: "Currency must be a three-letter code such as USD",
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
});
