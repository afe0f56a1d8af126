/** The houses feature's data access and services: what another feature's server modules may use of it. */
export * from "./models/house.server";
export * from "./models/photo-queue.server";
export * from "./models/vote.server";
export * from "./services/house-suggest.server";
export * from "./services/photo-fetch.server";
export * from "./services/photo-resize.server";
export * from "./services/photo-worker.server";
