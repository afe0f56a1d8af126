/** The season feature's face: what other features, the routes and the tests use of its data access and services. */
export { rollOver } from "./models/edition-rollover.server";
export { moveFirstEdition, planFirstEdition } from "./models/first-edition.server";
export { getSeasonState } from "./models/season-state.server";
export {
  type ArchivedEdition,
  CURRENT_EDITION,
  type CurrentEdition,
  currentEditionName,
  EditionClosedError,
  EVENT_SETTINGS,
  getArchivedEdition,
  getCurrentEdition,
  holdEdition,
  inCurrentEdition,
  listArchivedEditions,
  memberInCurrentEdition,
  selectWithEditionYear,
} from "./models/edition.server";
export {
  claimAnnouncement,
  claimReminderFailures,
  claimReminderRound,
  clearEventSettings,
  eventFactsSaved,
  finishAnnouncement,
  getAnnouncementValue,
  getChosenHouseId,
  getEventSettings,
  getLastReminderAt,
  getReminderFailuresValue,
  getSurveyDeadline,
  saveEventFacts,
  setChosenHouseId,
  setPlannedWeekend,
  setReminderFailures,
  setSurveyDeadline,
} from "./models/event-settings.server";
