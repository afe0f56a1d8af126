import type { LoaderFunctionArgs } from "@remix-run/node";
import { headcount, headcountCsv } from "~/lib/headcount";
import { listHeadcountRecords } from "~/models/plan.server";
import { csvResponse } from "~/services/csv-response.server";
import { requireOrganiser } from "~/services/organiser.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOrganiser(request);
  return csvResponse(headcountCsv(headcount(await listHeadcountRecords())), "sgw25-headcount.csv");
}
