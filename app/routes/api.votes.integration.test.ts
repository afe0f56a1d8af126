import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { houses, users, votes } from "~/platform/db/schema";
import { OUT_OF_PLAY_VOTE, type VoteChoice } from "~/features/houses/lib/house-rules";
import { createSession } from "~/platform/models/session.server";
import { callRoute, makeRequest } from "../../tests/support/requests";
import { useFreshDatabase } from "../../tests/support/database";
import { action as votesAction } from "~/routes/api.votes";
import { loader as userVotesLoader } from "~/routes/api.user.votes";
import { loader as summaryLoader } from "~/routes/api.houses.votes.summary";

const database = useFreshDatabase();

type Member = { id: number; token: string };

// Direct inserts: hashing 50 real passwords would only slow the test down.
async function members(prefix: string, n: number): Promise<Member[]> {
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `${prefix}${i}@example.com`,
        passwordHash: "x",
        name: `${prefix}${i}`,
      })),
    )
    .returning({ id: users.id });
  return Promise.all(rows.map(async ({ id }) => ({ id, token: (await createSession(id)).token })));
}

async function newHouse(title: string) {
  const [house] = await database.db
    .insert(houses)
    .values({
      title,
      url: "https://example.com/h",
      city: "Tahoe",
      state: "CA",
      country: "USA",
      num_bedrooms: 8,
      num_beds: 10,
      num_baths: 4,
    })
    .returning({ id: houses.id });
  return house.id;
}

const vote = (member: Member, body: Record<string, unknown>) =>
  callRoute(
    votesAction,
    makeRequest("/api/votes", { json: { user_id: member.id, ...body }, bearer: member.token }),
  );

async function summary(member: Member) {
  const response = await callRoute(
    summaryLoader,
    makeRequest("/api/houses/votes/summary", { bearer: member.token }),
  );
  return (await response.json()) as Record<string, { love: number; like: number; dislike: number }>;
}

async function storedVotes(houseId: number) {
  const [{ value }] = await database.db
    .select({ value: count() })
    .from(votes)
    .where(eq(votes.houseId, houseId));
  return value;
}

let ana: Member;
let bo: Member;

beforeAll(async () => {
  [ana, bo] = await members("voter", 2);
});

describe("POST /api/votes", () => {
  it("records a vote and answers with the house's counts", async () => {
    const houseId = await newHouse("First");
    const response = await vote(ana, { house_id: houseId, vote: "love" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      house_id: houseId,
      vote: "love",
      counts: { love: 1, like: 0, dislike: 0 },
    });
  });

  it("replaces the member's earlier choice, and the same choice again changes nothing", async () => {
    const houseId = await newHouse("Second");
    await vote(ana, { house_id: houseId, vote: "love" });
    await vote(bo, { house_id: String(houseId), vote: "love" });
    const changed = await vote(ana, { house_id: houseId, vote: "like" });
    expect((await changed.json()).counts).toEqual({ love: 1, like: 1, dislike: 0 });
    const [before] = await database.db
      .select()
      .from(votes)
      .where(and(eq(votes.houseId, houseId), eq(votes.userId, ana.id)));
    const again = await vote(ana, { house_id: houseId, vote: "like" });
    expect((await again.json()).counts).toEqual({ love: 1, like: 1, dislike: 0 });
    const [after] = await database.db.select().from(votes).where(eq(votes.id, before.id));
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(await storedVotes(houseId)).toBe(2);
    expect((await summary(ana))[String(houseId)]).toEqual({ love: 1, like: 1, dislike: 0 });
  });

  it("refuses bad votes with the contract's statuses", async () => {
    const houseId = await newHouse("Third");
    const wrongType = await vote(ana, { house_id: houseId, vote: "meh" });
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).error).toBe("Invalid vote type. Must be one of: like, love, dislike");
    const noVote = await vote(ana, { house_id: houseId });
    expect((await noVote.json()).error).toBe("Invalid vote type. Must be one of: like, love, dislike");
    expect((await vote(ana, { house_id: "x", vote: "love" })).status).toBe(400);

    const asSomeoneElse = await vote(ana, { house_id: houseId, user_id: bo.id, vote: "love" });
    expect(asSomeoneElse.status).toBe(403);
    expect((await vote(ana, { house_id: 999_999, vote: "love" })).status).toBe(404);

    const anonymous = await callRoute(
      votesAction,
      makeRequest("/api/votes", { json: { house_id: houseId, vote: "love" } }),
    );
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Authentication required" });
    expect(await storedVotes(houseId)).toBe(0);
  });

  it("refuses a vote on a house out of play with a 409 and leaves its votes as they were", async () => {
    const houseId = await newHouse("Out");
    await vote(ana, { house_id: houseId, vote: "love" });
    await database.db.update(houses).set({ in_play: false }).where(eq(houses.id, houseId));
    for (const [member, choice] of [
      [ana, "dislike"],
      [bo, "love"],
    ] as const) {
      const refused = await vote(member, { house_id: houseId, vote: choice });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ error: OUT_OF_PLAY_VOTE });
    }
    expect(await storedVotes(houseId)).toBe(1);
    expect((await summary(ana))[String(houseId)]).toEqual({ love: 1, like: 0, dislike: 0 });
  });

  it("accepts a form body", async () => {
    const houseId = await newHouse("Form");
    const response = await callRoute(
      votesAction,
      makeRequest("/api/votes", {
        form: { house_id: String(houseId), user_id: String(bo.id), vote: "dislike" },
        bearer: bo.token,
      }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).counts).toEqual({ love: 0, like: 0, dislike: 1 });
  });
});

describe("GET /api/user/votes", () => {
  it("lists only the caller's votes", async () => {
    const [carl] = await members("carl", 1);
    const one = await newHouse("Carl one");
    const two = await newHouse("Carl two");
    await vote(carl, { house_id: one, vote: "dislike" });
    await vote(carl, { house_id: two, vote: "love" });
    await vote(ana, { house_id: two, vote: "like" });
    const response = await callRoute(userVotesLoader, makeRequest("/api/user/votes", { bearer: carl.token }));
    expect(await response.json()).toEqual([
      { house_id: one, vote: "dislike" },
      { house_id: two, vote: "love" },
    ]);
    expect((await callRoute(userVotesLoader, makeRequest("/api/user/votes"))).status).toBe(401);
  });
});

describe("concurrent votes", () => {
  it("50 members voting at once on one house leave exactly 50 votes and matching counts", async () => {
    const crowd = await members("crowd", 50);
    const houseId = await newHouse("Popular");
    const choices: VoteChoice[] = ["love", "like", "dislike"];
    const responses = await Promise.all(
      crowd.map((member, i) => vote(member, { house_id: houseId, vote: choices[i % 3] })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(await storedVotes(houseId)).toBe(50);
    expect((await summary(ana))[String(houseId)]).toEqual({ love: 17, like: 17, dislike: 16 });
  });

  it("one member changing their mind in parallel keeps one vote", async () => {
    const houseId = await newHouse("Indecisive");
    const choices: VoteChoice[] = ["love", "like", "dislike"];
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => vote(bo, { house_id: houseId, vote: choices[i % 3] })),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(await storedVotes(houseId)).toBe(1);
    const counts = (await summary(bo))[String(houseId)];
    expect(counts.love + counts.like + counts.dislike).toBe(1);
  });
});
