import { env } from "~/platform/env.server";
import { formatShortTime } from "~/platform/lib/deadline";
import { listHistory } from "~/features/money/models/money-reads.server";
import { loadMoney } from "~/features/money/services/money-access.server";

/** The money history, for the members of the trip (and organisers) only, newest first. */
export async function getMoneyHistory(request: Request, year?: string) {
  const loaded = await loadMoney(request, year);
  if (!loaded.role.seesLedger && !loaded.money.people.has(loaded.me.id)) {
    throw new Response("The money history is for the members of the trip.", { status: 403 });
  }
  const zone = env().eventTimeZone;
  const rows = await listHistory(loaded.edition.id);
  return {
    year: loaded.edition.year,
    shortName: loaded.edition.names.current,
    readOnly: loaded.edition.readOnly,
    rows: rows.map((row) => ({
      id: row.id,
      at: formatShortTime(row.at, zone),
      who: row.actorName,
      action: row.action,
      subject: row.subject,
      oldValue: row.oldValue,
      newValue: row.newValue,
    })),
  };
}
