import {
  chooseOutOfPlayMessage,
  chosenOutOfPlayMessage,
  placeLabel,
  type HouseRecord,
} from "~/features/houses/lib/house-rules";
import { homeWeekend, weekendLong, type EventSettings } from "~/features/season/lib/event-settings";
import { getChosenHouseId, getEventSettings, getSeasonState } from "~/features/season/index.server";
import { SEASON_WORDS, type SeasonState } from "~/features/season/lib/season-state";
import type { DecisionView } from "~/features/results/components/event-decision";
import { getHouse } from "~/features/houses/index.server";
import { cachedByTables } from "~/platform/models/table-cache.server";
import { getAttendanceLists } from "~/features/survey/index.server";

// The event's plan: its settings with the chosen house, as the pages, the calendar file and the
// mails say it.

export type EventPlan = {
  event: EventSettings;
  /** The house the organiser chose, if any. */
  house: HouseRecord | null;
  /** "Title, City, State" of the chosen house: the calendar's location and the pages' "Where". */
  location: string | null;
  /** Where the season stands now: whether anything reads as decided comes from here alone. */
  season: SeasonState;
};

/** The event's settings with the chosen house: what the pages, the calendar file and the mails say. */
export async function getEventPlan(): Promise<EventPlan> {
  const [event, chosenId, season] = await Promise.all([
    getEventSettings(),
    getChosenHouseId(),
    getSeasonState(),
  ]);
  // Every member's home page, /trip and the calendar name the chosen house: read once per change.
  const chosen = chosenId
    ? await cachedByTables(`chosen-house:${chosenId}`, ["houses"], () => getHouse(chosenId))
    : undefined;
  // A house out of play is never named as the place, whatever an older version let through.
  const house = chosen?.in_play ? chosen : null;
  return { event, house, location: house ? `${house.title}, ${placeLabel(house, false)}` : null, season };
}

/**
 * Why a house change must wait, or null: the chosen house stays in play while it is chosen (the
 * pages and the calendar file name it), and a house out of play cannot be chosen.
 */
export async function houseChangeRefusal(
  house: { id: number; title: string; in_play: boolean },
  change: { in_play?: boolean; choose?: boolean },
): Promise<string | null> {
  if (change.choose && !house.in_play) return chooseOutOfPlayMessage(house.title);
  if (change.in_play === false && (await getChosenHouseId()) === house.id) {
    return chosenOutOfPlayMessage(house.title, (await getEventSettings()).shortName);
  }
  return null;
}

/** What the home and event pages say about the event: its facts and the organiser's decision. */
export async function getEventPageFacts() {
  const [{ event, house, location, season }, lists] = await Promise.all([
    getEventPlan(),
    getAttendanceLists(),
  ]);
  const words = SEASON_WORDS[season.phase];
  const decision: DecisionView = {
    // The chosen weekend is said as soon as it is chosen; whether the season is decided is the
    // state's phase (the pages' sentences), not this line.
    when: season.weekendChosen ? `${weekendLong(event.plannedWeekend, event.year)}, ${event.year}` : null,
    where: house ? { title: house.title, place: placeLabel(house, false), url: house.url } : null,
    ...lists,
  };
  return {
    event: {
      name: event.name,
      shortName: event.shortName,
      homeWeekend: homeWeekend(event),
      weekend: weekendLong(event.plannedWeekend, event.year),
      phase: season.phase,
      decided: season.decided,
      /** The home page's sentence: "{lead} the {name} {verb} the weekend of {homeWeekend}." */
      lead: words.homeLead,
      verb: words.homeVerb,
      /** The event page's sentence after the dates. */
      said: words.event,
      expectedMin: event.expectedMin,
      expectedMax: event.expectedMax,
    },
    location,
    decision,
    lists,
  };
}
