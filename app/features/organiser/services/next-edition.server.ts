import {
  nextEditionName,
  nextEditionYear,
  weekendToPlan,
  windowsAhead,
  type FrozenEdition,
} from "~/features/season/lib/editions";
import { availabilityWindows } from "~/features/season/lib/weekends";
import { dayIn } from "~/features/season/lib/season-state";
import { env } from "~/platform/env.server";
import type { EventSettings } from "~/features/season/lib/event-settings";
import { readStoredSettings } from "~/features/season/lib/event-settings-schema";
import {
  EVENT_SETTINGS,
  getCurrentEdition,
  rollOver,
  getChosenHouseId,
  getEventSettings,
  getSeasonState,
} from "~/features/season/index.server";
import { getHouse, listHouses } from "~/features/houses/index.server";
import {
  countExpectedGroup,
  countWeekends,
  getAttendance,
  getResultsTally,
} from "~/features/results/index.server";
import type { Db } from "~/platform/db/client.server";

/**
 * What starting the next edition would do at `now`, for the confirmation page: the year is the next
 * one while a weekend of it is still ahead (else the first year whose default weekend is), and only
 * the weekends still ahead are offered, one of them preselected (issue 55).
 */
export async function nextEditionPlan(now = new Date()) {
  const [current, event, chosenId, houses, season] = await Promise.all([
    getCurrentEdition(),
    getEventSettings(),
    getChosenHouseId(),
    listHouses(),
    getSeasonState(now),
  ]);
  // The season state says whether a house is chosen (one in play), as every page does.
  const chosen = season.houseChosen && chosenId ? houses.find((house) => house.id === chosenId) : undefined;
  const today = dayIn(now, env().eventTimeZone);
  const year = nextEditionYear(current.year, today);
  return {
    fromId: current.id,
    current: { year: current.year, name: event.shortName },
    year,
    name: nextEditionName(event.shortName, current.year, year),
    // The new year's default weekend while it is ahead, else the first weekend that is.
    plannedWeekend: weekendToPlan(year, today),
    windows: windowsAhead(year, today),
    /** Every weekend of the new year: what its survey asks about. */
    surveyWindows: availabilityWindows(year),
    chosenHouse: chosen ? chosen.title : null,
    // A decided weekend not yet over: starting now closes it before (or while) it happens (issue 55).
    unheld:
      season.phase === "decided" || season.phase === "announced" || season.phase === "weekend"
        ? { weekend: event.plannedWeekend, now: season.phase === "weekend" }
        : null,
    leavingPlay: houses.filter((house) => !house.previous_house && house.in_play && house.id !== chosen?.id)
      .length,
  };
}

/**
 * The closing edition's facts the organiser keeps (its name, weekend, chosen house), and how to
 * freeze its results as the archive will show them from now on. Members' answers are read inside
 * the roll-over's transaction, once the edition is locked (models/edition-rollover): read before
 * it, the answers saved meanwhile would land in the archived edition but not in its archive.
 */
async function closingEdition(windows: readonly string[]): Promise<{
  freeze: (tx: Db) => Promise<FrozenEdition>;
  chosenHouseId: number | null;
  event: EventSettings;
}> {
  const [event, chosenHouseId, season] = await Promise.all([
    getEventSettings(),
    getChosenHouseId(),
    getSeasonState(),
  ]);
  const house = season.houseChosen && chosenHouseId ? await getHouse(chosenHouseId) : undefined;
  const freeze = async (tx: Db): Promise<FrozenEdition> => {
    // One at a time: on PGlite the transaction is one connection.
    const tally = await getResultsTally(windows, tx);
    const attendance = await getAttendance(tx);
    const group = await countExpectedGroup(tx);
    const weekends = await countWeekends(windows, tx);
    return {
      name: event.shortName,
      plannedWeekend: event.plannedWeekend,
      // The season's one state, as it stood: the archive never infers it from the fields above.
      phase: season.phase,
      came: group.yes + group.yesGuests,
      house: house
        ? {
            id: house.id,
            title: house.title,
            city: house.city,
            state: house.state,
            country: house.country,
            listing_img: house.listing_img,
          }
        : null,
      windows: [...windows],
      tally,
      attendance,
      weekends,
    };
  };
  return { chosenHouseId: house ? house.id : null, event, freeze };
}

export type NextEditionRequest = { fromId: number; name: string; plannedWeekend: string };

/**
 * Starts the next edition as the organiser confirmed it. A request for an edition that is no
 * longer current (a double click, a second organiser) changes nothing and says so.
 */
export async function startNextEdition(
  request: NextEditionRequest,
  now = new Date(),
): Promise<{ started: true; name: string } | { started: false; error: string }> {
  const current = await getCurrentEdition();
  if (current.id !== request.fromId) return { started: false, error: await alreadyStarted() };
  const { freeze, chosenHouseId, event } = await closingEdition(current.windows);
  const year = nextEditionYear(current.year, dayIn(now, env().eventTimeZone));
  const next = await rollOver({
    fromId: request.fromId,
    year,
    chosenHouseId,
    freeze,
    settings: { [EVENT_SETTINGS]: JSON.stringify(nextEventSettings(event, year, request)) },
  });
  if (!next) return { started: false, error: await alreadyStarted() };
  return { started: true, name: request.name };
}

/**
 * The new edition's stored facts: the event's name, group and chat link carry over, the short name
 * is the one confirmed, and the weekend is stored only when the organiser picked another than the
 * new year's default, as a plan: the new edition starts planned (decision 024), never decided.
 */
function nextEventSettings(event: EventSettings, year: number, request: NextEditionRequest) {
  const { name, expectedMin, expectedMax, chatUrl } = event;
  const chosen = request.plannedWeekend !== readStoredSettings({ year }).plannedWeekend;
  return {
    name,
    shortName: request.name,
    expectedMin,
    expectedMax,
    ...(chatUrl ? { chatUrl } : {}),
    ...(chosen ? { plannedWeekend: request.plannedWeekend, weekendChosen: false } : {}),
  };
}

async function alreadyStarted() {
  const { shortName } = await getEventSettings();
  return `The next edition has already started: ${shortName} is the current one.`;
}
