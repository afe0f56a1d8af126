/** The trip feature's data access and services: what another feature's server modules may use of it. */
export * from "./models/feed.server";
export * from "./models/items.server";
export * from "./models/people.server";
export * from "./models/rooms.server";
export * from "./models/settings.server";
export * from "./models/travel.server";
export * from "./services/feed.server";
export * from "./services/rooms.server";
export * from "./services/timeline.server";
export * from "./services/trip-actions.server";
export * from "./services/trip-facts.server";
export * from "./services/trip-members.server";
export * from "./services/trip-page.server";
export * from "./services/trip-route.server";
