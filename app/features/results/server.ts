/** The results feature's data access and services: what another feature's server modules may use of it. */
export * from "./models/results.server";
export * from "./services/charts.server";
export * from "./services/results-page.server";
export * from "./services/summary-page.server";
