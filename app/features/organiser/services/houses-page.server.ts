import { pageHref, pageOf, pageParam } from "~/platform/lib/paging";
import { getChosenHouseId } from "~/features/season/index.server";
import { getEventPlan } from "~/features/results/index.server";
import { getVoteCounts, listHouses } from "~/features/houses/index.server";
import { HOUSES_PER_PAGE, houseRow } from "~/features/organiser/lib/house-rows";
import { runIntent } from "~/features/organiser/services/organiser-event.server";
import { houseIntent } from "~/features/organiser/services/organiser-season.server";
import { requireOrganiserPage } from "~/features/organiser/services/organiser-tidy.server";

/*
 * /organiser/houses's loader and action, here rather than in the route: the route imports one server
 * module, so its browser bundle loads one empty stand-in instead of one per module.
 */

const HOUSES_PAGE = "/organiser/houses";

/** The list's page a post came from (its forms post with `?index&page=`), to return to. */
function listPage(request: Request) {
  return pageHref(HOUSES_PAGE, {}, pageParam(new URL(request.url).searchParams.get("page")));
}

/** One page of the houses (`?page=`), their votes, the chosen house and the expected group. */
export function loadHousesPage(request: Request) {
  return requireOrganiserPage(request, () => housesPage(request));
}

async function housesPage(request: Request) {
  const [houses, counts, chosenId, { event }] = await Promise.all([
    listHouses(),
    getVoteCounts(),
    getChosenHouseId(),
    getEventPlan(),
  ]);
  // One page of the houses (oldest first), with only what a row shows.
  const paged = pageOf(houses, pageParam(new URL(request.url).searchParams.get("page")), HOUSES_PER_PAGE);
  const shown = new Set(paged.rows.map((house) => house.id));
  return {
    houses: paged.rows.map(houseRow),
    page: paged.page,
    pages: paged.pages,
    total: paged.total,
    counts: Object.fromEntries(Object.entries(counts).filter(([id]) => shown.has(Number(id)))),
    chosenId,
    expected: { expectedMin: event.expectedMin, expectedMax: event.expectedMax },
    shortName: event.shortName,
  };
}

/** A house's controls; the redirect returns to the page of the list the form was on. */
export async function housesAction(request: Request) {
  const handlers = Object.fromEntries(
    ["choose", "unchoose", "in-play", "out-of-play", "previous", "not-previous"].map((intent) => [
      intent,
      houseIntent,
    ]),
  );
  return runIntent(request, listPage(request), handlers);
}
