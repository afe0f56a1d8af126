/** The results feature's face: what other features, the routes and the tests use of its data access and services. */
export {
  countExpectedGroup,
  countWeekends,
  getWeekendCounts,
  listHeadcountRecords,
  listMemberSurveyStatus,
} from "./models/plan.server";
export { getAttendance, getResultsTally } from "./models/results.server";
export { listPastEditions } from "./services/archive-page.server";
export { type EventPlan, getEventPlan, houseChangeRefusal } from "./services/event-plan.server";
