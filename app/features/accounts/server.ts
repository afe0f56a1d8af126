/** The accounts feature's data access and services: what another feature's server modules may use of it. */
export * from "./models/account.server";
export * from "./models/email-confirmation.server";
export * from "./models/organisers.server";
export * from "./models/password-reset.server";
export * from "./models/personal-link.server";
export * from "./models/sign-in-code.server";
export * from "./services/account.server";
export * from "./services/after-login.server";
export * from "./services/auth.server";
export * from "./services/confirm-organiser.server";
export * from "./services/login-attempts.server";
export * from "./services/organiser.server";
export * from "./services/pending-submission.server";
export * from "./services/personal-link.server";
export * from "./services/sign-in-code.server";
export * from "./services/token-seal.server";
