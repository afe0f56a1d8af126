import type { LoaderFunctionArgs } from "@remix-run/node";
import { memberData } from "~/features/accounts/index.server";
import { memberMoney } from "~/features/money/index.server";
import { memberTrip } from "~/features/trip/index.server";
import { answeringOutages } from "~/platform/services/resource-route.server";
import { requireUser } from "~/platform/services/session.server";

/** "Download my data": the member's own records as a JSON file, never cached anywhere. */
export const loader = answeringOutages(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const [exported, money, trip] = await Promise.all([
    memberData(user.id),
    memberMoney(user.id),
    memberTrip(user.id),
  ]);
  const body = { exportedAt: new Date().toISOString(), ...exported, money, trip };
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="sgw-planner-data-${user.id}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
});
