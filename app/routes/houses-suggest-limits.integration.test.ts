import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { houses, rateLimits } from "~/platform/db/schema";
import { LIMITS } from "~/platform/services/rate-limit.server";
import { runAsClient } from "~/platform/services/request-path.server";
import { createSession } from "~/platform/models/session.server";
import { SUGGESTION, SUGGEST_FORM } from "~/features/houses/lib/house.fixture";
import {
  MEMBER_IN_PLAY_MESSAGE,
  SUGGEST_LIMITS,
  TOTAL_IN_PLAY_MESSAGE,
  addressLimitMessage,
  memberDailyLimitMessage,
} from "~/features/houses/lib/suggest-limits";
import { callRoute, makeRequest, signedInMember } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import * as apiHouses from "~/routes/api.houses";
import * as suggestRoute from "~/routes/houses-suggest";

const database = useFreshDatabase();

let listings = 0;
const form = () => ({
  ...SUGGEST_FORM,
  url: `airbnb.com/rooms/${++listings}`,
  title: `Cabin ${listings}`,
});

const suggest = (cookie: string, address: string, values = form()) =>
  runAsClient(address, () =>
    callRoute(suggestRoute.action, makeRequest("/houses-suggest", { form: values, cookie })),
  );
const post = (token: string, address: string) =>
  runAsClient(address, () =>
    callRoute(
      apiHouses.action,
      makeRequest("/api/houses", {
        json: { ...SUGGESTION, url: `airbnb.com/rooms/${++listings}` },
        bearer: token,
      }),
    ),
  );

// Direct inserts: the caps count what is in the table, however it got there.
async function housesOf(userId: number | null, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    ...SUGGESTION,
    url: `https://example.com/seeded/${userId}/${i}`,
    suggestedBy: userId,
  }));
  return database.db.insert(houses).values(rows).returning({ id: houses.id });
}

const housesBy = async (userId: number) =>
  (await database.db.select({ n: count() }).from(houses).where(eq(houses.suggestedBy, userId)))[0].n;

async function apiMember(email: string) {
  const member = await signedInMember(email, { name: email.split("@")[0] });
  return { ...member, token: (await createSession(member.id)).token };
}

describe("the caps on house suggestions", () => {
  it("agree with the rate limits that count them", () => {
    expect(LIMITS.suggestMember.max).toBe(SUGGEST_LIMITS.memberPerDay);
    expect(LIMITS.suggestIp.max).toBe(SUGGEST_LIMITS.addressPerHour);
  });

  it("refuse a member's 11th suggestion in a day on the form, with the message and what was typed", async () => {
    const mallory = await signedInMember("mallory@example.com", { name: "Mallory" });
    // A refused suggestion (a typo) does not use up a turn.
    expect((await suggest(mallory.cookie, "10.0.0.1", { ...form(), title: "" })).status).toBe(400);
    for (let i = 0; i < SUGGEST_LIMITS.memberPerDay; i++) {
      expect((await suggest(mallory.cookie, "10.0.0.1")).status).toBe(302);
    }
    const typed = form();
    // From another address too: the count is the member's.
    const refused = await suggest(mallory.cookie, "10.0.0.2", typed);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(await refused.json()).toEqual({
      error: memberDailyLimitMessage(retryAfter),
      fieldErrors: {},
      values: typed,
    });
    expect(memberDailyLimitMessage(retryAfter)).toBe(
      "You can suggest at most 10 houses a day: try again in 24 hours.",
    );
    expect(await housesBy(mallory.id)).toBe(SUGGEST_LIMITS.memberPerDay);
  }, 60_000);

  it("refuse a member's 31st house in play, and take one again once the organisers took one out", async () => {
    const mallory = await apiMember("mallory2@example.com");
    const [first] = await housesOf(mallory.id, SUGGEST_LIMITS.memberInPlay);
    const refused = await post(mallory.token, "10.0.1.1");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("3600");
    expect(await refused.json()).toEqual({ error: MEMBER_IN_PLAY_MESSAGE });
    const onTheForm = await suggest(mallory.cookie, "10.0.1.1");
    expect(onTheForm.status).toBe(429);
    expect((await onTheForm.json()).error).toBe(MEMBER_IN_PLAY_MESSAGE);
    expect(await housesBy(mallory.id)).toBe(SUGGEST_LIMITS.memberInPlay);

    await database.db.update(houses).set({ in_play: false }).where(eq(houses.id, first.id));
    expect((await post(mallory.token, "10.0.1.1")).status).toBe(201);
  });

  it("limit the suggestions from one address across accounts in POST /api/houses", async () => {
    const sockPuppets = await Promise.all([1, 2, 3, 4].map((n) => apiMember(`puppet${n}@example.com`)));
    for (const puppet of sockPuppets.slice(0, 3)) {
      for (let i = 0; i < SUGGEST_LIMITS.memberPerDay; i++) {
        expect((await post(puppet.token, "10.0.2.1")).status).toBe(201);
      }
    }
    const fourth = sockPuppets[3];
    const refused = await post(fourth.token, "10.0.2.1");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({ error: addressLimitMessage(retryAfter) });
    expect(await housesBy(fourth.id)).toBe(0);
    // Someone elsewhere is not held up by it.
    expect((await post(fourth.token, "10.0.2.2")).status).toBe(201);
  });

  it("refuse any suggestion once 200 houses are in play", async () => {
    const ana = await apiMember("ana@example.com");
    const [{ n: inPlay }] = await database.db
      .select({ n: count() })
      .from(houses)
      .where(eq(houses.in_play, true));
    await housesOf(null, SUGGEST_LIMITS.totalInPlay - inPlay);
    const refused = await post(ana.token, "10.0.3.1");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: TOTAL_IN_PLAY_MESSAGE });
    expect(await housesBy(ana.id)).toBe(0);
    // The refusal used none of Ana's turns.
    const [turns] = await database.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, `suggest:member:${ana.id}`));
    expect(turns.count).toBe(0);
  });
});
