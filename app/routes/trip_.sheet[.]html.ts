import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  requireTripMember,
  getTripPage,
  publicOrigin,
  sheetFileResponse,
  sheetSavedAt,
} from "~/features/trip/index.server";
import appStyles from "~/styles/app.css";
import tripStyles from "~/styles/trip.css";

/** /trip/sheet.html: the trip sheet as one file to keep, for phones without JavaScript (issue 56). */
export async function loader({ request }: LoaderFunctionArgs) {
  const trip = await requireTripMember(request);
  const page = await getTripPage(trip, publicOrigin(request));
  if (!page.open) throw new Response("Not found", { status: 404 });
  return sheetFileResponse(page, sheetSavedAt(), [appStyles, tripStyles]);
}
