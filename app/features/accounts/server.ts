/** The accounts feature's data access and services: what another feature's server modules may use of it. */
export * from "./models/account.server";
export * from "./models/one-time.server";
export * from "./models/organisers.server";
export * from "./services/account.server";
export * from "./services/after-login.server";
export * from "./services/auth.server";
export * from "./services/code-page.server";
export * from "./services/confirm-organiser.server";
export * from "./services/login-attempts.server";
export * from "./services/one-time-kinds.server";
export * from "./services/one-time.server";
export * from "./services/organiser.server";
