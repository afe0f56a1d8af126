/** The survey feature's face: what other features, the routes and the tests use of its data access and services. */
export { getAttendanceLists } from "./models/survey.server";
export { closeSurveyNow, setDeadlineFromForm } from "./services/survey-deadline.server";
export { applyKeptSection } from "./services/survey-submit.server";
