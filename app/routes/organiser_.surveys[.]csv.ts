import type { LoaderFunctionArgs } from "@remix-run/node";
import { surveysCsv } from "~/lib/export-csv";
import { listSurveyRecords } from "~/models/results.server";
import { csvResponse } from "~/services/csv-response.server";
import { requireOrganiser } from "~/services/organiser.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOrganiser(request);
  return csvResponse(surveysCsv(await listSurveyRecords()), "sgw25-surveys.csv");
}
