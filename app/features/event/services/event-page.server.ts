import { homeWeekend, weekendLong } from "~/features/event/lib/event-settings";
import { placeLabel } from "~/features/houses/lib/house-rules";
import { getAttendanceLists } from "~/features/survey/server";
import type { DecisionView } from "~/features/event/components/event-decision";
import { getEventPlan } from "~/features/event/services/event.server";

/** What the home and event pages say about the event: its facts and the organiser's decision. */
export async function getEventPageFacts() {
  const [{ event, house, location }, lists] = await Promise.all([getEventPlan(), getAttendanceLists()]);
  const decision: DecisionView = {
    when: event.weekendChosen ? `${weekendLong(event.plannedWeekend, event.year)}, ${event.year}` : null,
    where: house ? { title: house.title, place: placeLabel(house, false), url: house.url } : null,
    ...lists,
  };
  return {
    event: {
      name: event.name,
      shortName: event.shortName,
      homeWeekend: homeWeekend(event),
      weekend: weekendLong(event.plannedWeekend, event.year),
      decided: event.weekendChosen,
      expectedMin: event.expectedMin,
      expectedMax: event.expectedMax,
    },
    location,
    decision,
    lists,
  };
}
