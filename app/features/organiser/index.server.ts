/** The organiser feature's face: what other features, the routes and the tests use of its data access and services. */
export { hasPendingInvitation } from "./models/invitation.server";
export {
  removeMember,
  deleteHouse,
  deleteSuggestedHouses,
  memberFootprint,
  removeSurvey,
} from "./models/tidy.server";
export { currentCalendar } from "./services/announce.server";
export { getFirstSteps } from "./services/first-steps.server";
export { startBackupWatch } from "./services/backup-watch.server";
export { housesAction, loadHousesPage } from "./services/houses-page.server";
export { nextEditionPlan, startNextEdition } from "./services/next-edition.server";
export { chooseNotices, organiserNoticeChoice, startOrganiserNotices } from "./services/notices.server";
export {
  announceIntent,
  chooseWeekendIntent,
  clearWeekendIntent,
  getAnnouncePanel,
  getAnnouncePreview,
  getDecision,
  getEventFacts,
  getHeadcount,
  getMailHistory,
  runIntent,
  saveEventIntent,
} from "./services/organiser-event.server";
export { houseIntent } from "./services/organiser-season.server";
export {
  backToOrganiser,
  HOUSES_PAGE,
  houseToEdit,
  houseToTidy,
  listPageOf,
  memberStep,
  memberToTidy,
  PEOPLE_PAGE,
  requireOrganiserPage,
  tidyMember,
  readConfirmation,
} from "./services/organiser-tidy.server";
export {
  getPageTextsForm,
  pageText,
  previewTextsIntent,
  saveTextsIntent,
  TEXTS_READ,
} from "./services/page-texts.server";
export { loadPeoplePage, peopleAction } from "./services/people-page.server";
export { sendSurveyReminders } from "./services/reminders.server";
