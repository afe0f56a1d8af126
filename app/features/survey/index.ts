/** The survey feature's pure logic and components: what another feature may use of it in any module. */
export * from "./lib/private-answer";
export * from "./lib/survey-choices";
export * from "./lib/survey-fields";
export * from "./lib/survey-flow";
export * from "./lib/survey-memory";
export * from "./lib/survey-merge";
export * from "./lib/survey-questions";
export * from "./lib/survey-schema";
export * from "./components/details";
export * from "./components/done";
export * from "./components/edition-names";
export * from "./components/fields";
export * from "./components/review";
export * from "./components/section-form";
export * from "./components/steps";
export * from "./components/submitted-notice";
export * from "./components/survey-deadline";
