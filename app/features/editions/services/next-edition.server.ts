import { nextEditionName, type FrozenEdition } from "~/features/editions/lib/editions";
import type { EventSettings } from "~/features/event";
import { readStoredSettings } from "~/features/event";
import { availabilityWindows } from "~/features/editions/lib/weekends";
import { EVENT_SETTINGS, getCurrentEdition } from "~/features/editions/models/edition.server";
import { rollOver } from "~/features/editions/models/edition-rollover.server";
import { getChosenHouseId, getEventSettings } from "~/features/event/server";
import { getHouse, listHouses } from "~/features/houses/server";
import { getExpectedGroup, getWeekendCounts } from "~/features/event/server";
import { getResultsOverview } from "~/features/results/server";

/** What starting the next edition would do, for the confirmation page. */
export async function nextEditionPlan() {
  const [current, event, chosenId, houses] = await Promise.all([
    getCurrentEdition(),
    getEventSettings(),
    getChosenHouseId(),
    listHouses(),
  ]);
  const chosen = chosenId ? houses.find((house) => house.id === chosenId) : undefined;
  const year = current.year + 1;
  const windows = availabilityWindows(year);
  return {
    fromId: current.id,
    current: { year: current.year, name: event.shortName },
    year,
    name: nextEditionName(event.shortName, current.year),
    // The new year's default weekend (the same weekend a year on when nothing was changed).
    plannedWeekend: readStoredSettings({ year }).plannedWeekend,
    windows,
    chosenHouse: chosen ? chosen.title : null,
    leavingPlay: houses.filter((house) => !house.previous_house && house.in_play && house.id !== chosen?.id)
      .length,
  };
}

/** The closing edition's results and facts, as the archive will show them from now on. */
async function freezeCurrent(): Promise<{
  frozen: FrozenEdition;
  chosenHouseId: number | null;
  event: EventSettings;
}> {
  const [overview, event, chosenHouseId, group] = await Promise.all([
    getResultsOverview(),
    getEventSettings(),
    getChosenHouseId(),
    getExpectedGroup(),
  ]);
  const weekends = await getWeekendCounts(overview.windows);
  const house = chosenHouseId ? await getHouse(chosenHouseId) : undefined;
  return {
    chosenHouseId: house ? house.id : null,
    event,
    frozen: {
      name: event.shortName,
      plannedWeekend: event.plannedWeekend,
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
      windows: [...overview.windows],
      tally: overview.tally,
      attendance: overview.attendance,
      weekends,
    },
  };
}

export type NextEditionRequest = { fromId: number; name: string; plannedWeekend: string };

/**
 * Starts the next edition as the organiser confirmed it. A request for an edition that is no
 * longer current (a double click, a second organiser) changes nothing and says so.
 */
export async function startNextEdition(
  request: NextEditionRequest,
): Promise<{ started: true; name: string } | { started: false; error: string }> {
  const current = await getCurrentEdition();
  if (current.id !== request.fromId) return { started: false, error: await alreadyStarted() };
  const { frozen, chosenHouseId, event } = await freezeCurrent();
  const year = current.year + 1;
  const next = await rollOver({
    fromId: request.fromId,
    chosenHouseId,
    frozen,
    settings: { [EVENT_SETTINGS]: JSON.stringify(nextEventSettings(event, year, request)) },
  });
  if (!next) return { started: false, error: await alreadyStarted() };
  return { started: true, name: request.name };
}

/**
 * The new edition's stored facts: the event's name, group and chat link carry over, the short name
 * is the one confirmed, and the weekend is stored only when the organiser picked another than the
 * new year's default (so it reads as chosen only then).
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
    ...(chosen ? { plannedWeekend: request.plannedWeekend } : {}),
  };
}

async function alreadyStarted() {
  const { shortName } = await getEventSettings();
  return `The next edition has already started: ${shortName} is the current one.`;
}
