/** The editions feature's data access and services: what another feature's server modules may use of it. */
export * from "./models/edition-rollover.server";
export * from "./models/edition.server";
export * from "./services/archive-page.server";
export * from "./services/next-edition.server";
