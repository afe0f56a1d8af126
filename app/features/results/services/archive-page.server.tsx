import { cameText, editionHappened, windowDates, type FrozenEdition } from "~/features/season/lib/editions";
import {
  getArchivedEdition,
  listArchivedEditions,
  type ArchivedEdition,
} from "~/features/season/index.server";
import { resultsPageOf, type ResultsPage } from "~/features/results/services/results-page.server";

export type PastEdition = {
  year: number;
  name: string;
  dates: string;
  /** "7 came: 5 members and 2 guests." */
  came: string;
  house: FrozenEdition["house"];
};

function summary(edition: ArchivedEdition): PastEdition {
  const frozen = edition.frozen as FrozenEdition;
  return {
    year: edition.year,
    name: frozen.name,
    dates: windowDates(frozen.plannedWeekend, edition.year),
    came: cameText(frozen.came, frozen.attendance.yes.length, frozen.phase),
    house: frozen.house,
  };
}

/**
 * Every past edition that happened, newest first, as /past-events lists them: an edition rolled over
 * without a decision, a house or any answer was skipped, never held (decision 032).
 */
export async function listPastEditions(): Promise<PastEdition[]> {
  return (await listArchivedEditions())
    .filter((edition) => editionHappened(edition.frozen as Partial<FrozenEdition>))
    .map(summary);
}

// A past edition never changes: its page is built once per read of the editions (which is cached).
const pages = new WeakMap<ArchivedEdition, ResultsPage>();

/** A past edition's results as they were when it closed, or undefined for a year never archived. */
export async function getPastEditionPage(year: number) {
  const edition = await getArchivedEdition(year);
  if (!edition) return undefined;
  let page = pages.get(edition);
  if (!page) {
    page = resultsPageOf(edition.frozen as FrozenEdition);
    pages.set(edition, page);
  }
  return { ...summary(edition), ...page };
}
