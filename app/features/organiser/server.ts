/** The organiser feature's data access and services: what another feature's server modules may use of it. */
export * from "./models/invitation.server";
export * from "./models/mail-round.server";
export * from "./models/notices.server";
export * from "./models/tidy.server";
export * from "./services/invite.server";
export * from "./services/notices.server";
export * from "./services/organiser-event.server";
export * from "./services/organiser-season.server";
export * from "./services/organiser-tidy.server";
export * from "./services/reminders.server";
export * from "./services/page-texts.server";
export * from "./services/people-page.server";
export * from "./services/houses-page.server";
