import type { LoaderFunctionArgs } from "@remix-run/node";
import { sharesCsv } from "~/features/money/index.server";
import { csvResponse } from "~/platform/services/csv-response.server";
import { answeringOutages } from "~/platform/services/resource-route.server";

export const loader = answeringOutages(async ({ request }: LoaderFunctionArgs) => {
  const { csv, filename } = await sharesCsv(
    request,
    new URL(request.url).searchParams.get("year") ?? undefined,
  );
  return csvResponse(csv, filename);
});
