import { currentCalendar } from "~/features/organiser/index.server";
import { answeringOutages } from "~/platform/services/resource-route.server";

/**
 * The weekend as a calendar file: the same event (UID and SEQUENCE) as the announcement mails carry,
 * with the chosen house as its location once there is one.
 */
export const loader = answeringOutages(async () => {
  return new Response(await currentCalendar(), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="sgw25.ics"`,
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
