import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/platform/lib/page-title";
import { KeepSheetScript } from "~/features/trip/components/keep-sheet";
import { SheetView } from "~/features/trip/components/sheet-view";
import {
  requireTripMember,
  getTripPage,
  publicOrigin,
  sheetOwner,
  sheetSavedAt,
} from "~/features/trip/index.server";

export { links } from "~/features/trip/components/private-page";
export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Trip sheet") }];

// Private (no shared or browser cache keeps it); the member it is for goes with it, for the service
// worker that keeps the last copy on the phone (issue 56).
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": "private, no-store",
  "X-Sheet-Member": loaderHeaders.get("X-Sheet-Member") ?? "",
});

/** Everything a person needs at the house on one page that prints (no script file needed). */
export async function loader({ request }: LoaderFunctionArgs) {
  const trip = await requireTripMember(request);
  const page = await getTripPage(trip, publicOrigin(request));
  if (!page.open) throw new Response("Not found", { status: 404 });
  const member = await sheetOwner(trip.user.id);
  return data({ page, member, saved: sheetSavedAt() }, { headers: { "X-Sheet-Member": member } });
}

export default function TripSheet() {
  const { page, member, saved } = useLoaderData<typeof loader>();
  return (
    <>
      <SheetView
        page={page}
        saved={saved}
        top={
          <div className="no-print">
            <p>
              <Link to="/trip">Back to the trip page</Link> · Print this page or save it as a PDF from your
              browser, or{" "}
              <a href="/trip/sheet.html" download>
                save the sheet to this phone
              </a>{" "}
              (one file that opens without a connection).
            </p>
            <p id="sheet-kept" hidden>
              This phone keeps a copy until you sign out: open this page with no signal and it is here.
            </p>
          </div>
        }
      />
      <KeepSheetScript member={member} />
    </>
  );
}
