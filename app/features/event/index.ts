/** The event feature's pure logic and components: what another feature may use of it in any module. */
export * from "./lib/announcement";
export * from "./lib/calendar";
export * from "./lib/event-settings-schema";
export * from "./lib/event-settings";
export * from "./lib/headcount";
export * from "./components/event-decision";
export * from "./components/event-extras";
