/** The organiser feature's pure logic and components: what another feature may use of it in any module. */
export * from "./lib/export-csv";
export * from "./lib/invitations";
export * from "./lib/reminders";
export * from "./lib/tidy-words";
export * from "./components/announce-panel";
export * from "./components/confirm-delete";
export * from "./components/deadline-panel";
export * from "./components/decision-panel";
export * from "./components/event-panel";
export * from "./components/headcount-panel";
export * from "./components/house-table";
export * from "./components/invite-panel";
export * from "./components/next-edition-panel";
export * from "./components/reminder-panel";
export * from "./components/survey-status";
export * from "./components/tidy-links";
