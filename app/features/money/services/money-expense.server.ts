import { minorToText } from "~/platform/lib/amount";
import { expenseFormValues } from "~/features/money/lib/expense-form";
import { expenseLine } from "~/features/money/lib/money-text";
import { refuse } from "~/platform/services/refuse.server";
import {
  MONEY_READ,
  changeExpenseAction,
  closedAware,
  editablePeople,
  moneyForm,
} from "~/features/money/services/money-actions.server";
import { loadMoney, nameOf, type LoadedMoney } from "~/features/money/services/money-access.server";
import { receiptsOfEdition } from "~/features/money/models/receipts.server";
import { readMoneyPost } from "~/features/money/services/receipt.server";

function findExpense(loaded: LoadedMoney, idText: string) {
  const id = Number(idText);
  const expense = loaded.expenses.find((e) => e.id === id && e.deletedAt === null);
  if (loaded.edition.readOnly || !expense) throw new Response("Not found", { status: 404 });
  if (!loaded.role.organiser && expense.authorId !== loaded.me.id) {
    throw new Response("Only the expense's author or an organiser changes it.", { status: 403 });
  }
  return expense;
}

/** The edit form of one expense, as it is now, with the version the edit starts from. */
export async function getExpenseEdit(request: Request, idText: string) {
  const loaded = await loadMoney(request);
  const expense = findExpense(loaded, idText);
  const name = (id: number | null) => nameOf(loaded.names, id);
  const { byExpense } = await receiptsOfEdition(loaded.edition.id);
  return {
    version: expense.version,
    receipt: byExpense.get(expense.id) ?? null,
    summary: expenseLine(expense, name).summary,
    values: expenseFormValues(expense, minorToText),
    people: [...editablePeople(loaded, expense).keys()]
      .map((id) => ({ id, name: name(id) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

export async function expenseEditAction(request: Request, idText: string) {
  const loaded = await loadMoney(request);
  const expense = findExpense(loaded, idText);
  const { read, upload } = await readMoneyPost(request, moneyForm, MONEY_READ);
  if (!read.ok) return refuse({ ...read.failure, form: "expense" });
  return closedAware(() => changeExpenseAction(loaded, expense.id, read.data, upload));
}
