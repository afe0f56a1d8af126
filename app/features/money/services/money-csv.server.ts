import { toCsv } from "~/platform/lib/csv";
import { requireOrganiser } from "~/features/accounts/index.server";
import { minorToText } from "~/features/money/lib/amount";
import { expenseLine } from "~/features/money/lib/money-text";
import { loadTrip, nameOf } from "~/features/money/services/money-access.server";

/** Shares and payments: one row per payer (share, deposit, paid, reported, remaining), then each payment. */
export async function sharesCsv(request: Request, year?: string) {
  await requireOrganiser(request);
  const loaded = await loadTrip(request, year);
  const { trip, house, payments, names } = loaded;
  const currency = house?.currency ?? "USD";
  const money = (minor: number | undefined, code = currency) =>
    minor === undefined ? "" : minorToText(minor, code);
  const rows = trip.payers.map((payer) => {
    const line = trip.lines.get(payer.id);
    return [
      "share",
      payer.name,
      payer.weight / 100,
      currency,
      money(line?.due),
      money(line?.deposit),
      money(line?.confirmed),
      money(line?.reported),
      money(line?.remaining),
      line?.next?.date ?? "",
      "",
      "",
    ];
  });
  for (const p of payments) {
    rows.push([
      `payment ${p.status}`,
      nameOf(names, p.fromUserId),
      "",
      p.currency,
      "",
      "",
      p.status === "confirmed" ? money(p.amount, p.currency) : "",
      p.status === "reported" ? money(p.amount, p.currency) : "",
      "",
      p.paidOn,
      `to ${nameOf(names, p.toUserId)}${p.note ? `: ${p.note}` : ""}`,
      p.reason,
    ]);
  }
  const header = [
    "Row",
    "Member",
    "Weight",
    "Currency",
    "Share",
    "Deposit",
    "Paid (confirmed)",
    "Reported",
    "Remaining",
    "Date",
    "Note",
    "Rejected because",
  ];
  return { csv: toCsv(header, rows), filename: `money-${loaded.edition.year}-shares.csv` };
}

/** The ledger: the house, every expense (deleted ones marked) and every confirmed transfer. */
export async function ledgerCsv(request: Request, year?: string) {
  await requireOrganiser(request);
  const loaded = await loadTrip(request, year);
  const { house, expenses, payments, names, trip, settings } = loaded;
  const name = (id: number | null) => nameOf(names, id);
  const rows: (string | number)[][] = [];
  if (house?.total != null && !trip.missing && settings.receiverId !== null) {
    rows.push([
      "house",
      house.title,
      minorToText(house.total, house.currency),
      house.currency,
      name(settings.receiverId),
      "",
      "",
    ]);
  }
  for (const expense of expenses) {
    const line = expenseLine(expense, name);
    rows.push([
      expense.deletedAt ? "expense (deleted)" : "expense",
      expense.description,
      minorToText(expense.amount, expense.currency),
      expense.currency,
      line.paidBy,
      "",
      `${line.split}: ${line.shares}`,
    ]);
  }
  for (const p of payments.filter((payment) => payment.status === "confirmed")) {
    rows.push([
      "transfer",
      p.note,
      minorToText(p.amount, p.currency),
      p.currency,
      name(p.fromUserId),
      name(p.toUserId),
      "",
    ]);
  }
  const header = ["Kind", "What", "Amount", "Currency", "Paid by", "Paid to", "Shared"];
  return { csv: toCsv(header, rows), filename: `money-${loaded.edition.year}-ledger.csv` };
}
