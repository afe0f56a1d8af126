import { env } from "~/env.server";
import { eventCalendar } from "~/lib/calendar";
import { getEventPlan } from "~/services/event.server";

/** The weekend as a calendar file; its location is the house the organiser chose, once there is one. */
export async function loader() {
  const { event, location } = await getEventPlan();
  return new Response(eventCalendar({ appUrl: env().appUrl, location: location ?? undefined, event }), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="sgw25.ics"`,
      "Cache-Control": "no-cache",
    },
  });
}
