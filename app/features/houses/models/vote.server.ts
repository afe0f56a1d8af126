import { and, eq, ne, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { houses, votes } from "~/platform/db/schema";
import type { VoteChoice, VoteCounts } from "~/features/houses/lib/house-rules";
import {
  getCurrentEdition,
  holdEdition,
  inCurrentEdition,
  memberInCurrentEdition,
} from "~/features/season/index.server";
import { cachedByTables } from "~/platform/models/table-cache.server";

export type MemberVote = { house_id: number; vote: VoteChoice };

const countColumns = {
  love: sql<number>`count(${votes.id}) filter (where ${votes.vote} = 'love')`.mapWith(Number),
  like: sql<number>`count(${votes.id}) filter (where ${votes.vote} = 'like')`.mapWith(Number),
  dislike: sql<number>`count(${votes.id}) filter (where ${votes.vote} = 'dislike')`.mapWith(Number),
};

/** Counts for every house, zeros included, keyed by house id; read once per change of houses or votes. */
export function getVoteCounts(): Promise<Record<number, VoteCounts>> {
  return cachedByTables("vote-counts", ["houses", "votes", "editions"], readVoteCounts);
}

async function readVoteCounts(): Promise<Record<number, VoteCounts>> {
  const db = await getDb();
  const rows = await db
    .select({ houseId: houses.id, ...countColumns })
    .from(houses)
    .leftJoin(votes, and(eq(votes.houseId, houses.id), inCurrentEdition(votes.editionId)))
    .groupBy(houses.id);
  return Object.fromEntries(
    rows.map(({ houseId, love, like, dislike }) => [houseId, { love, like, dislike }]),
  );
}

export async function getHouseVoteCounts(houseId: number): Promise<VoteCounts> {
  const db = await getDb();
  const [row] = await db
    .select(countColumns)
    .from(votes)
    .where(and(eq(votes.houseId, houseId), inCurrentEdition(votes.editionId)));
  return row ?? { love: 0, like: 0, dislike: 0 };
}

export function getMemberVotes(userId: number): Promise<readonly MemberVote[]> {
  // One small entry per member (a friend group), refreshed when any vote changes.
  return cachedByTables(`member-votes:${userId}`, ["votes", "editions"], async () => {
    const db = await getDb();
    return db
      .select({ house_id: votes.houseId, vote: votes.vote })
      .from(votes)
      .where(memberInCurrentEdition(votes, userId))
      .orderBy(votes.houseId);
  });
}

/** A recorded vote, or why there is none. */
export type VoteOutcome = { house_id: number; vote: VoteChoice } | { refused: "not found" | "out of play" };

/**
 * Records the member's vote on a house in play. One upsert, so two requests at once can neither
 * create a second row (the unique key turns the second insert into an update) nor lose a change; the
 * same choice again leaves the row untouched. The house id is read from the house row only while it
 * is in play, so a vote cannot slip in as the organiser takes the house out; only a refused vote costs
 * a second look-up, to tell a closed house from an unknown one. The vote goes into the edition
 * current when the request began, held current until it commits, else EditionClosedError (a
 * roll-over meanwhile).
 */
export async function castVote(input: {
  houseId: number;
  userId: number;
  vote: VoteChoice;
}): Promise<VoteOutcome> {
  const db = await getDb();
  const houseInPlay = sql<number>`(select ${houses.id} from ${houses} where ${houses.id} = ${input.houseId} and ${houses.in_play})`;
  const edition = await getCurrentEdition();
  try {
    await db.transaction(async (tx) => {
      await holdEdition(tx, edition);
      await tx
        .insert(votes)
        .values({ ...input, houseId: houseInPlay, editionId: edition.id })
        .onConflictDoUpdate({
          target: [votes.houseId, votes.userId, votes.editionId],
          set: { vote: input.vote, updatedAt: new Date() },
          setWhere: ne(votes.vote, input.vote),
        });
    });
  } catch (error) {
    // No such house (or deleted a moment ago): the foreign key; out of play: the null id.
    if (!isRefusedHouse(error)) throw error;
    const [house] = await db
      .select({ inPlay: houses.in_play })
      .from(houses)
      .where(eq(houses.id, input.houseId));
    return { refused: house && !house.inPlay ? "out of play" : "not found" };
  }
  return { house_id: input.houseId, vote: input.vote };
}

function isRefusedHouse(error: unknown) {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  // 23503: foreign key violation; 23502: not-null violation.
  return code === "23503" || code === "23502";
}

// The schema spells the vote column's values out (the database layer cannot import a feature); this
// fails to compile when they and VOTE_CHOICES drift apart.
type StoredVote = typeof votes.$inferSelect.vote;
const _sameVotes: [StoredVote, VoteChoice] extends [VoteChoice, StoredVote] ? true : never = true;
