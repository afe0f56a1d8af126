import { toCsv } from "~/platform/lib/csv";
import { requireOrganiser } from "~/features/accounts/index.server";
import { minorToText } from "~/platform/lib/amount";
import { expenseLine } from "~/features/money/lib/money-text";
import { convertAmount } from "~/features/money/lib/rates";
import { loadMoney, nameOf } from "~/features/money/services/money-access.server";

/**
 * Shares and payments: one row per payer (share, deposit, what reached the receiver, reported, what
 * is due next and by when, what the trip's balances say they owe), then each payment.
 */
export async function sharesCsv(request: Request, year?: string) {
  await requireOrganiser(request);
  const loaded = await loadMoney(request, year);
  const { money, house, payments, names } = loaded;
  const currency = house?.currency ?? "USD";
  const cell = (minor: number | undefined, code = currency) =>
    minor === undefined ? "" : minorToText(minor, code);
  const rows = money.payers.map((payer) => {
    const line = money.lines.get(payer.id);
    return [
      "share",
      nameOf(names, payer.id),
      payer.weight / 100,
      currency,
      cell(line?.share),
      cell(line?.deposit),
      cell(line?.reached),
      cell(line?.reported),
      cell(line?.due),
      line?.next?.date ?? "",
      "",
      "",
      cell(line?.owed),
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
      p.status === "confirmed" ? cell(p.amount, p.currency) : "",
      p.status === "reported" ? cell(p.amount, p.currency) : "",
      "",
      p.paidOn,
      `to ${nameOf(names, p.toUserId)}${p.note ? `: ${p.note}` : ""}`,
      p.reason,
      "",
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
    "Due",
    "Date",
    "Note",
    "Rejected because",
    "Owes in the trip",
  ];
  return { csv: toCsv(header, rows), filename: `money-${loaded.edition.year}-shares.csv` };
}

/**
 * The ledger: the house, every expense (deleted ones marked) and every confirmed transfer, each in its
 * own currency and, where settle-up counts it in the house's currency (the same one, or one the
 * organiser gave a rate), at that rate in it, so a spreadsheet adds a trip of several currencies.
 */
export async function ledgerCsv(request: Request, year?: string) {
  await requireOrganiser(request);
  const loaded = await loadMoney(request, year);
  const { house, expenses, payments, names, money, settings } = loaded;
  const name = (id: number | null) => nameOf(names, id);
  const main = house?.currency ?? "USD";
  const amount = (minor: number, currency: string) => {
    const rate = currency === main ? "1" : money.folded.get(currency);
    return [
      minorToText(minor, currency),
      currency,
      rate ?? "",
      rate ? minorToText(convertAmount(minor, currency, main, rate), main) : "",
    ];
  };
  const rows: (string | number)[][] = [];
  if (house?.total != null && !money.missing && settings.receiverId !== null) {
    rows.push([
      "house",
      house.title,
      ...amount(house.total, house.currency),
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
      ...amount(expense.amount, expense.currency),
      line.paidBy,
      "",
      `${line.split}: ${line.shares}`,
    ]);
  }
  for (const p of payments.filter((payment) => payment.status === "confirmed")) {
    rows.push([
      "transfer",
      p.note,
      ...amount(p.amount, p.currency),
      name(p.fromUserId),
      name(p.toUserId),
      "",
    ]);
  }
  const header = [
    "Kind",
    "What",
    "Amount",
    "Currency",
    `Rate to ${main}`,
    `Amount in ${main}`,
    "Paid by",
    "Paid to",
    "Shared",
  ];
  return { csv: toCsv(header, rows), filename: `money-${loaded.edition.year}-ledger.csv` };
}
