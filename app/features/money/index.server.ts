/** The money feature's face: what other features, the routes and the tests use of its data access and services. */
export { memberMoney } from "./models/member-money.server";
export { listPayerCandidates, listPayments, loadMoneyInput } from "./models/money-reads.server";
export {
  type Actor,
  addExpense,
  addPayment,
  decidePayment,
  saveMoneySettings,
} from "./models/money-writes.server";
export { getPayDetails } from "./models/pay-details.server";
export { savePayDetailsForm } from "./services/pay-details.server";
export { moneyStillOpen, openBalanceOf, sharesStillDue } from "./services/money-access.server";
export { moneyAction } from "./services/money-actions.server";
export { ledgerCsv, sharesCsv } from "./services/money-csv.server";
export { expenseEditAction, getExpenseEdit } from "./services/money-expense.server";
export { getMoneyHistory } from "./services/money-history.server";
export { getMoneyPage } from "./services/money-page.server";
export { getSetupPage, setupAction } from "./services/money-setup.server";
export { receiptResponse as getReceiptFile } from "./services/receipt.server";
