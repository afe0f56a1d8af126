/** The survey feature's face: what other features, the routes and the tests use of its data access and services. */
export { getAttendanceLists, getSurvey, saveSurvey } from "./models/survey.server";
export {
  closeSurveyNow,
  getSurveyDeadlineStatus,
  setDeadlineFromForm,
  surveyClosedReason,
} from "./services/survey-deadline.server";
export { type SurveyActionData, surveyPageAction, surveyPageLoader } from "./services/survey-page.server";
export { applyKeptSection } from "./services/survey-submit.server";
