import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { setChosenHouseId } from "~/features/season/models/event-settings.server";
import { createSession } from "~/platform/models/session.server";
import { createUser } from "~/platform/models/user.server";
import { callRoute, makeRequest } from "../../tests/support/requests";
import { SUGGESTION } from "~/features/houses/lib/house.fixture";
import { useFreshDatabase } from "../../tests/support/database";
import { createConfirmedOrganiser } from "../../tests/support/organiser";
import * as houseRoute from "~/routes/api.houses.$id";
import * as housesRoute from "~/routes/api.houses";
import * as summaryRoute from "~/routes/api.houses.votes.summary";

useFreshDatabase();

let member: { id: number; token: string };
let organiser: { id: number; token: string };
const adminEmails = process.env.ADMIN_EMAILS;

async function memberWithToken(email: string, name: string | null, { organiser = false } = {}) {
  const user = organiser
    ? await createConfirmedOrganiser({ email, name })
    : await createUser({ email, password: "secret1", name });
  return { id: user!.id, token: (await createSession(user!.id)).token };
}

beforeAll(async () => {
  process.env.ADMIN_EMAILS = "Boss@Example.com, other@example.com";
  resetEnvCache();
  member = await memberWithToken("ana@example.com", "Ana");
  organiser = await memberWithToken("boss@example.com", "Boss", { organiser: true });
});

afterAll(() => {
  process.env.ADMIN_EMAILS = adminEmails;
  resetEnvCache();
});

const post = (body: unknown, bearer = member.token) =>
  callRoute(housesRoute.action, makeRequest("/api/houses", { json: body, bearer }));
const patch = (id: number | string, body: unknown, bearer = organiser.token) =>
  callRoute(houseRoute.action, makeRequest(`/api/houses/${id}`, { method: "PATCH", json: body, bearer }), {
    id: String(id),
  });

describe("GET/POST /api/houses", () => {
  it("needs a token", async () => {
    const anonymous = await callRoute(housesRoute.loader, makeRequest("/api/houses"));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Authentication required" });
    const stale = await callRoute(housesRoute.loader, makeRequest("/api/houses", { bearer: "nope" }));
    expect(await stale.json()).toEqual({ error: "Invalid or expired token" });
    expect((await post(SUGGESTION, "nope")).status).toBe(401);
  });

  it("stores a suggestion as the caller's, in play, whatever the client claims", async () => {
    const response = await post({
      ...SUGGESTION,
      who_suggested: "Someone else",
      in_play: false,
      previous_house: true,
      previous_house_year: 2020,
    });
    expect(response.status).toBe(201);
    const house = await response.json();
    expect(house).toEqual({
      id: expect.any(Number),
      ...SUGGESTION,
      url: "https://www.airbnb.com/rooms/1",
      in_play: true,
      previous_house: false,
      previous_house_year: null,
      who_suggested: "Ana",
      price: null,
      currency: "USD",
    });

    const list = await callRoute(housesRoute.loader, makeRequest("/api/houses", { bearer: member.token }));
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([house]);
  });

  it("accepts a form body too", async () => {
    const response = await callRoute(
      housesRoute.action,
      makeRequest("/api/houses", {
        form: {
          ...SUGGESTION,
          url: "airbnb.com/rooms/2",
          num_bedrooms: "9",
          num_beds: "12",
          num_baths: "3.5",
          state: "ON",
          country: "Canada",
        },
        bearer: member.token,
      }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ num_bedrooms: 9, num_baths: 3.5, state: "ON" });
  });

  it("answers bad input with the spec's messages and a 400", async () => {
    const badImage = await post({ ...SUGGESTION, listing_img: "https://example.com/a.gif" });
    expect(badImage.status).toBe(400);
    expect(await badImage.json()).toEqual({
      error: "Image URL must end with .png, .jpg, or .jpeg",
      fieldErrors: { listing_img: "Image URL must end with .png, .jpg, or .jpeg" },
    });
    // eslint-disable-next-line no-script-url -- the input that must be refused
    const script = await post({ ...SUGGESTION, url: "javascript:alert(1)" });
    expect(script.status).toBe(400);
    expect((await script.json()).fieldErrors).toHaveProperty("url");
    const halfBedroom = await post({ ...SUGGESTION, num_bedrooms: 6.5 });
    expect(halfBedroom.status).toBe(400);
    expect(await halfBedroom.json()).toEqual({
      error: "Bedrooms must be a whole number",
      fieldErrors: { num_bedrooms: "Bedrooms must be a whole number" },
    });
    const wrongState = await post({ ...SUGGESTION, country: "Mexico", state: "CA" });
    expect((await wrongState.json()).fieldErrors).toEqual({
      state: "That state or province is not in Mexico",
    });
    const malformed = await callRoute(
      housesRoute.action,
      new Request("http://localhost:3000/api/houses", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${member.token}` },
        body: "{oops",
      }),
    );
    expect(malformed.status).toBe(400);
  });
});

describe("the same listing twice", () => {
  it("is refused with 409 and the name of the house it already is, however the URL is spelled", async () => {
    const first = await post({ ...SUGGESTION, url: "airbnb.com/rooms/55", title: "First Lodge" });
    expect(first.status).toBe(201);
    for (const url of ["https://www.airbnb.com/rooms/55/?adults=2", "AIRBNB.com/rooms/55#photos"]) {
      const again = await post({ ...SUGGESTION, url, title: "Second Lodge" });
      expect(again.status).toBe(409);
      const message = "That listing is already on the list as “First Lodge”.";
      expect(await again.json()).toEqual({ error: message, fieldErrors: { url: message } });
    }
  });
});

describe("the chosen house", () => {
  it("stays in play while it is chosen", async () => {
    const house = await (
      await post({ ...SUGGESTION, url: "airbnb.com/rooms/56", title: "Chosen Lodge" })
    ).json();
    await setChosenHouseId(house.id);
    const out = await patch(house.id, { in_play: false });
    expect(out.status).toBe(409);
    expect(await out.json()).toEqual({
      error:
        "Chosen Lodge is the chosen house for SGW25: unchoose it on the organiser page before taking it out of play.",
    });
    await setChosenHouseId(null);
    expect((await patch(house.id, { in_play: false })).status).toBe(200);
  });
});

describe("PATCH /api/houses/:id (organisers)", () => {
  it("lets an organiser take a house out of play and mark it as a previous house", async () => {
    const house = await (await post({ ...SUGGESTION, url: "airbnb.com/rooms/3", title: "Patched" })).json();
    const out = await patch(house.id, { in_play: false });
    expect(out.status).toBe(200);
    expect(await out.json()).toMatchObject({ id: house.id, in_play: false });

    const previous = await patch(house.id, {
      in_play: true,
      previous_house: true,
      previous_house_year: 2024,
    });
    expect(await previous.json()).toMatchObject({
      in_play: true,
      previous_house: true,
      previous_house_year: 2024,
    });

    const moved = await patch(house.id, { country: "Canada", state: "BC", title: "  Renamed " });
    expect(await moved.json()).toMatchObject({ country: "Canada", state: "BC", title: "Renamed" });
  });

  it("refuses other members, unknown houses and bad values", async () => {
    const house = await (await post({ ...SUGGESTION, url: "airbnb.com/rooms/4" })).json();
    const forbidden = await patch(house.id, { in_play: false }, member.token);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toHaveProperty("error");
    expect((await patch(999_999, { in_play: false })).status).toBe(404);
    expect((await patch("abc", { in_play: false })).status).toBe(404);
    expect((await patch(house.id, { in_play: "sometimes" })).status).toBe(400);
    const wrongState = await patch(house.id, { state: "ON" });
    expect(wrongState.status).toBe(400);
    expect(await wrongState.json()).toEqual({
      error: "That state or province is not in USA",
      fieldErrors: { state: "That state or province is not in USA" },
    });
    const anonymous = await callRoute(
      houseRoute.action,
      makeRequest(`/api/houses/${house.id}`, { method: "PATCH", json: {} }),
      { id: String(house.id) },
    );
    expect(anonymous.status).toBe(401);
    const wrongMethod = await callRoute(houseRoute.loader, makeRequest(`/api/houses/${house.id}`), {
      id: String(house.id),
    });
    expect(wrongMethod.status).toBe(405);
  });
});

describe("GET /api/houses/votes/summary", () => {
  it("lists every house with zero counts before anyone votes", async () => {
    expect((await callRoute(summaryRoute.loader, makeRequest("/api/houses/votes/summary"))).status).toBe(401);
    const response = await callRoute(
      summaryRoute.loader,
      makeRequest("/api/houses/votes/summary", { bearer: member.token }),
    );
    const summary = await response.json();
    const houses = await (
      await callRoute(housesRoute.loader, makeRequest("/api/houses", { bearer: member.token }))
    ).json();
    expect(Object.keys(summary).sort()).toEqual(houses.map((h: { id: number }) => String(h.id)).sort());
    expect(Object.values(summary)).toContainEqual({ love: 0, like: 0, dislike: 0 });
  });
});
