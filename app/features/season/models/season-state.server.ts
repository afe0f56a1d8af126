import { eq } from "drizzle-orm";
import { getDb } from "~/platform/db/client.server";
import { houses } from "~/platform/db/schema";
import { env } from "~/platform/env.server";
import { cachedByTables } from "~/platform/models/table-cache.server";
import { parseRound } from "~/features/season/lib/announcement";
import { weekendDays } from "~/features/season/lib/event-settings";
import { seasonState, type SeasonFacts, type SeasonState } from "~/features/season/lib/season-state";
import { getCurrentEdition } from "~/features/season/models/edition.server";
import {
  getAnnouncementValue,
  getChosenHouseId,
  getEventSettings,
} from "~/features/season/models/event-settings.server";

/** A round's decision key (lib/announcement's decisionKey): year, weekend, where, listing. */
function decisionOf(key: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(key);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

type StoredFacts = Omit<SeasonFacts, "now" | "timeZone">;

/**
 * The current edition's stored facts, read once per change of the tables they come from (the
 * navigation asks on every member's request).
 */
function storedFacts(): Promise<StoredFacts> {
  return cachedByTables("season-facts", ["editions", "edition_settings", "houses"], async () => {
    const [edition, event, chosenId, round] = await Promise.all([
      getCurrentEdition(),
      getEventSettings(),
      getChosenHouseId(),
      getAnnouncementValue().then(parseRound),
    ]);
    const db = await getDb();
    const [house] = chosenId
      ? await db
          .select({ url: houses.url, inPlay: houses.in_play })
          .from(houses)
          .where(eq(houses.id, chosenId))
      : [];
    // A house out of play is never the chosen place, whatever an older version let through (012).
    const houseChosen = Boolean(house?.inPlay);
    // The latest round counts when it reached someone with this weekend and this house (its
    // listing): a round about another weekend or house announced something else.
    const reached = round && round.state !== "sending" && (round.state === "sent" || round.sent > 0);
    const [year, weekend, , listing] = reached ? decisionOf(round.decision) : [];
    const announced = year === edition.year && weekend === event.plannedWeekend && listing === house?.url;
    return {
      // The current edition is never archived; an archived one is read from its frozen record.
      archived: false,
      weekend: weekendDays(event.plannedWeekend, event.year),
      weekendChosen: event.weekendChosen,
      houseChosen,
      announced,
    };
  });
}

/** Where the current edition's season stands at `now`: the one answer every page, mail and job reads. */
export async function getSeasonState(now = new Date()): Promise<SeasonState> {
  return seasonState({ ...(await storedFacts()), now, timeZone: env().eventTimeZone });
}
