import { placeLabel, type HouseRecord } from "~/lib/house-rules";
import type { EventSettings } from "~/lib/event-settings";
import { getChosenHouseId, getEventSettings } from "~/models/event-settings.server";
import { getHouse } from "~/models/house.server";

export type EventPlan = {
  event: EventSettings;
  /** The house the organiser chose, if any. */
  house: HouseRecord | null;
  /** "Title, City, State" of the chosen house: the calendar's location and the pages' "Where". */
  location: string | null;
};

/** The event's settings with the chosen house: what the pages, the calendar file and the mails say. */
export async function getEventPlan(): Promise<EventPlan> {
  const [event, chosenId] = await Promise.all([getEventSettings(), getChosenHouseId()]);
  const house = (chosenId ? await getHouse(chosenId) : undefined) ?? null;
  return { event, house, location: house ? `${house.title}, ${placeLabel(house, false)}` : null };
}
