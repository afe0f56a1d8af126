import { env } from "~/env.server";
import { eventCalendar } from "~/lib/calendar";
import { placeLabel } from "~/lib/house-rules";
import { getChosenHouseId } from "~/models/event-settings.server";
import { getHouse } from "~/models/house.server";

/** The weekend as a calendar file; its location is the house the organiser chose, once there is one. */
export async function loader() {
  const chosenId = await getChosenHouseId();
  const house = chosenId ? await getHouse(chosenId) : undefined;
  const location = house ? `${house.title}, ${placeLabel(house, false)}` : undefined;
  return new Response(eventCalendar({ appUrl: env().appUrl, location }), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="sgw25.ics"',
      "Cache-Control": "no-cache",
    },
  });
}
