/** The results feature's face: what other features, the routes and the tests use of its data access and services. */
export {
  countExpectedGroup,
  countWeekends,
  getExpectedGroup,
  getWeekendCounts,
  listHeadcountRecords,
  listMemberSurveyStatus,
  listPreviousHouses,
} from "./models/plan.server";
export {
  getAttendance,
  getResultsTally,
  listResultRecords,
  listSurveyRecords,
} from "./models/results.server";
export { getPastEditionPage, listPastEditions } from "./services/archive-page.server";
export {
  type EventPlan,
  getEventPageFacts,
  getEventPlan,
  houseChangeRefusal,
} from "./services/event-plan.server";
export { getResultsPage } from "./services/results-page.server";
export { summaryCardsHtml } from "./services/summary-page.server";
