import type { User } from "~/platform/db/schema";
import { cachedByTables } from "~/platform/models/table-cache.server";
import { requireUser } from "~/platform/services/session.server";
import { isOrganiser } from "~/features/accounts/index.server";
import { getEventPlan } from "~/features/results/index.server";
import { listTripCandidates, type TripCandidate } from "~/features/trip/models/people.server";

/**
 * On the trip: the members who answered "yes" in the current edition's survey, and the organisers.
 * A "maybe" is not (yet): the trip page holds the key box code and who sleeps where, which is for
 * those who come; answering yes puts them on it.
 */
export function listTripMembers(): Promise<readonly TripCandidate[]> {
  // Read once per change of the tables it comes from (every trip page and mail asks for it).
  return cachedByTables("trip-members", ["users", "surveys", "organisers", "editions"], async () => {
    const candidates = await listTripCandidates();
    const onTrip = await Promise.all(
      candidates.map(async (candidate) => candidate.attending === "yes" || (await isOrganiser(candidate))),
    );
    return candidates.filter((_, index) => onTrip[index]);
  });
}

export type TripViewer = {
  user: User;
  name: string;
  organiser: boolean;
  onTrip: boolean;
  members: readonly TripCandidate[];
};

/** Who is asking and what they may see: on the trip, an organiser, or only that the page exists. */
export async function tripViewer(user: User): Promise<TripViewer> {
  const members = await listTripMembers();
  const organiser = await isOrganiser(user);
  const me = members.find((member) => member.userId === user.id);
  return {
    user,
    name: me?.name ?? user.name ?? "User",
    organiser,
    onTrip: Boolean(me) || organiser,
    members,
  };
}

/**
 * For the trip's forms: a member on the trip (or an organiser) once the season is decided; anyone
 * else gets a 403, visitors the login page.
 */
export async function requireTripMember(request: Request, { organiser = false } = {}) {
  const user = await requireUser(request);
  const viewer = await tripViewer(user);
  if (!viewer.onTrip) throw new Response("This is for the members on the trip.", { status: 403 });
  if (organiser && !viewer.organiser) throw new Response("This is for the organisers.", { status: 403 });
  const plan = await getEventPlan();
  if (!plan.season.decided)
    throw new Response("The weekend and the house are not chosen yet.", { status: 409 });
  return { ...viewer, plan };
}
