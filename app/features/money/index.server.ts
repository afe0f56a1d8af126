/** The money feature's face: what other features, the routes and the tests use of its data access and services. */
export {
  type Actor,
  addExpense,
  addPayment,
  decidePayment,
  saveMoneySettings,
} from "./models/money-writes.server";
export { listPayments, listTripMembers, loadTripInput } from "./models/trip.server";
export { sharesStillDue } from "./services/money-access.server";
