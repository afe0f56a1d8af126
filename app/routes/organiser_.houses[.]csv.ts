import type { LoaderFunctionArgs } from "@remix-run/node";
import { housesCsv } from "~/lib/export-csv";
import { getEventSettings } from "~/models/event-settings.server";
import { listHouses } from "~/models/house.server";
import { getVoteCounts } from "~/models/vote.server";
import { csvResponse } from "~/services/csv-response.server";
import { requireOrganiser } from "~/services/organiser.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOrganiser(request);
  const [houses, counts, event] = await Promise.all([listHouses(), getVoteCounts(), getEventSettings()]);
  return csvResponse(housesCsv(houses, counts, event), "sgw25-houses.csv");
}
