import type { LoaderFunctionArgs } from "@remix-run/node";
import { getReceiptFile } from "~/features/money/index.server";
import { answeringOutages } from "~/platform/services/resource-route.server";

/** A receipt kept with an expense: to the people of its trip only, never cached (decision 035). */
export const loader = answeringOutages(({ request, params }: LoaderFunctionArgs) =>
  getReceiptFile(request, params.id ?? ""),
);
