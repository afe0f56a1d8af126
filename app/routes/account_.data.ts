import type { LoaderFunctionArgs } from "@remix-run/node";
import { memberData } from "~/features/accounts/index.server";
import { answeringOutages } from "~/platform/services/resource-route.server";
import { requireUser } from "~/platform/services/session.server";

/** "Download my data": the member's own records as a JSON file, never cached anywhere. */
export const loader = answeringOutages(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const exported = await memberData(user.id);
  return new Response(JSON.stringify({ exportedAt: new Date().toISOString(), ...exported }, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="sgw-planner-data-${user.id}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
});
