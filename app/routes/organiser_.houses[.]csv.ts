import type { LoaderFunctionArgs } from "@remix-run/node";
import { housesCsv } from "~/features/organiser/lib/export-csv";
import { getEventSettings } from "~/features/season/index.server";
import { listHouses, getVoteCounts } from "~/features/houses/index.server";
import { answeringOutages } from "~/platform/services/resource-route.server";
import { csvResponse } from "~/platform/services/csv-response.server";
import { requireOrganiser } from "~/features/accounts/index.server";

export const loader = answeringOutages(async ({ request }: LoaderFunctionArgs) => {
  await requireOrganiser(request);
  const [houses, counts, event] = await Promise.all([listHouses(), getVoteCounts(), getEventSettings()]);
  return csvResponse(housesCsv(houses, counts, event), "sgw25-houses.csv");
});
