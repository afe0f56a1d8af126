import type { LoaderFunctionArgs } from "@remix-run/node";
import { surveysCsv } from "~/features/organiser/lib/export-csv";
import { getCurrentEdition } from "~/features/season/index.server";
import { listSurveyRecords } from "~/features/results/index.server";
import { answeringOutages } from "~/platform/services/resource-route.server";
import { csvResponse } from "~/platform/services/csv-response.server";
import { requireOrganiser } from "~/features/accounts/index.server";

export const loader = answeringOutages(async ({ request }: LoaderFunctionArgs) => {
  const organiser = await requireOrganiser(request);
  const [records, { windows, names }] = await Promise.all([
    listSurveyRecords({ email: organiser.email, organiser: true }),
    getCurrentEdition(),
  ]);
  return csvResponse(surveysCsv(records, windows, names), "sgw25-surveys.csv");
});
