/** The survey feature's data access and services: what another feature's server modules may use of it. */
export * from "./models/survey.server";
export * from "./services/survey-deadline.server";
export * from "./services/survey-page.server";
export * from "./services/survey-submit.server";
