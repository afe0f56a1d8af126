/** The organiser feature's face: what other features, the routes and the tests use of its data access and services. */
export { hasPendingInvitation } from "./models/invitation.server";
export { deleteAccount, memberFootprint } from "./models/tidy.server";
export { nextEditionPlan, startNextEdition } from "./services/next-edition.server";
export { chooseNotices, organiserNoticeChoice } from "./services/notices.server";
export { sendSurveyReminders } from "./services/reminders.server";
