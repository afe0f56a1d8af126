import { and, eq, ne, sql } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { houses, votes } from "~/platform/db/schema";
import type { VoteChoice, VoteCounts } from "~/features/houses/lib/house-rules";
import { getCurrentEdition, holdEdition, inCurrentEdition } from "~/features/editions/server";
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
      .where(and(eq(votes.userId, userId), inCurrentEdition(votes.editionId)))
      .orderBy(votes.houseId);
  });
}

/**
 * Records the member's vote on a house. One upsert, so two requests at once can neither create a
 * second row (the unique key turns the second insert into an update) nor lose a change; the same
 * choice again leaves the row untouched. Returns undefined when the house does not exist (the
 * foreign key refuses the row; no look-up first). The vote goes into the edition current when the
 * request began, held current until it commits, else EditionClosedError (a roll-over meanwhile).
 */
export async function castVote(input: {
  houseId: number;
  userId: number;
  vote: VoteChoice;
}): Promise<{ house_id: number; vote: VoteChoice } | undefined> {
  const db = await getDb();
  const edition = await getCurrentEdition();
  try {
    await db.transaction(async (tx) => {
      await holdEdition(tx, edition);
      await tx
        .insert(votes)
        .values({ ...input, editionId: edition.id })
        .onConflictDoUpdate({
          target: [votes.houseId, votes.userId, votes.editionId],
          set: { vote: input.vote, updatedAt: new Date() },
          setWhere: ne(votes.vote, input.vote),
        });
    });
  } catch (error) {
    // No such house (or it was deleted a moment ago).
    if (isForeignKeyViolation(error)) return undefined;
    throw error;
  }
  return { house_id: input.houseId, vote: input.vote };
}

function isForeignKeyViolation(error: unknown) {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23503";
}

// The schema spells the vote column's values out (the database layer cannot import a feature); this
// fails to compile when they and VOTE_CHOICES drift apart.
type StoredVote = typeof votes.$inferSelect.vote;
const _sameVotes: [StoredVote, VoteChoice] extends [VoteChoice, StoredVote] ? true : never = true;
