/** The money feature's data access and services: what another feature's server modules may use of it. */
export * from "./models/money-writes.server";
export * from "./models/money-reads.server";
export * from "./services/money-access.server";
export * from "./services/money-actions.server";
export * from "./services/money-csv.server";
export * from "./services/money-expense.server";
export * from "./services/money-history.server";
export * from "./services/money-page.server";
export * from "./services/money-reminder.server";
export * from "./services/money-setup.server";
