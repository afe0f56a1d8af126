/** The event feature's data access and services: what another feature's server modules may use of it. */
export * from "./models/event-settings.server";
export * from "./models/plan.server";
export * from "./services/announce.server";
export * from "./services/event-plan.server";
