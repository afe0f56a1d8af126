import type { LoaderFunctionArgs } from "@remix-run/node";
import { surveysCsv } from "~/lib/export-csv";
import { listSurveyRecords } from "~/models/results.server";
import { csvResponse } from "~/services/csv-response.server";
import { requireOrganiser } from "~/services/organiser.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const organiser = await requireOrganiser(request);
  const records = await listSurveyRecords({ email: organiser.email, organiser: true });
  return csvResponse(surveysCsv(records), "sgw25-surveys.csv");
}
