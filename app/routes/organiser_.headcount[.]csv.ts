import type { LoaderFunctionArgs } from "@remix-run/node";
import { headcount, headcountCsv } from "~/features/results/lib/headcount";
import { listHeadcountRecords } from "~/features/results/index.server";
import { answeringOutages } from "~/platform/services/resource-route.server";
import { csvResponse } from "~/platform/services/csv-response.server";
import { requireOrganiser } from "~/features/accounts/index.server";

export const loader = answeringOutages(async ({ request }: LoaderFunctionArgs) => {
  await requireOrganiser(request);
  return csvResponse(headcountCsv(headcount(await listHeadcountRecords())), "sgw25-headcount.csv");
});
