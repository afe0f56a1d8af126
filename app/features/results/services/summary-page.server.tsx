import { renderToStaticMarkup } from "react-dom/server";
import { RespondentCard } from "~/features/results/components/respondent-card";
import { summaryCard } from "~/features/results/lib/results-summary";
import type { EditionNames } from "~/features/survey/lib/survey-questions";
import { listSurveyRecords } from "~/features/results/models/results.server";
import { getCurrentEdition } from "~/features/season/index.server";
import { PRIVATE_ANSWER_FIELD, readsPrivateAnswer, type Reader } from "~/features/survey/lib/private-answer";
import { cachedByTables } from "~/platform/models/table-cache.server";

type Record = Awaited<ReturnType<typeof listSurveyRecords>>[number];

/** A respondent's card, rendered once per change: without the private answer, and with it on demand. */
type RenderedCard = { name: string; email: string; hidden: string; shown: () => string };

const ORGANISER: Reader = { email: "", organiser: true };

function rendered(
  record: Record,
  edition: { windows: readonly string[]; names: EditionNames },
): RenderedCard {
  const render = (answers: Record, privateHidden: boolean) =>
    renderToStaticMarkup(<RespondentCard card={summaryCard(answers, { ...edition, privateHidden })} />);
  let shown: string | undefined;
  return {
    name: String(record.name ?? ""),
    email: record.email,
    // Without the answer itself, not only without showing it: it never reaches another member.
    hidden: render({ ...record, [PRIVATE_ANSWER_FIELD]: "" }, true),
    // Only the organisers and the card's own member read it: made the first time one of them asks.
    shown: () => (shown ??= render(record, false)),
  };
}

/**
 * Every respondent's card as HTML, rendered once per change of the surveys, the members or the
 * edition (200 cards took some 70 % of a request's time, the query most of the rest).
 */
function renderedCards(): Promise<RenderedCard[]> {
  return cachedByTables(
    "results-summary-cards",
    ["surveys", "users", "editions", "edition_settings"],
    async () => {
      const [records, { windows, names }] = await Promise.all([
        listSurveyRecords(ORGANISER),
        getCurrentEdition(),
      ]);
      return records.map((record) => rendered(record, { windows, names }));
    },
  );
}

/**
 * The cards /results-summary shows `reader` for `search` (name or e-mail containing it, any case,
 * as the database's search did), as one HTML string; the private answer only where the reader may
 * read it (lib/private-answer).
 */
export async function summaryCardsHtml(reader: Reader, search = "") {
  const needle = search.trim().toLowerCase();
  const cards = (await renderedCards()).filter(
    (card) =>
      !needle || card.name.toLowerCase().includes(needle) || card.email.toLowerCase().includes(needle),
  );
  const html = cards.map((card) => (readsPrivateAnswer(reader, card) ? card.shown() : card.hidden)).join("");
  return { count: cards.length, html };
}
