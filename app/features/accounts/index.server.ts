/** The accounts feature's face: what other features, the routes and the tests use of its data access and services. */
export { memberData, pendingEmailChange } from "./models/account.server";
export { confirmationAskedAt, createEmailConfirmation } from "./models/email-confirmation.server";
export {
  accountOverview,
  type AccountResult,
  changePassword,
  confirmEmailChange,
  EMAIL_CHANGE_INVALID,
  logOutEverywhereElse,
  mailPasswordCode,
  renameMember,
  requestEmailChange,
} from "./services/account.server";
export { startMemberSession } from "./services/after-login.server";
export {
  answerAuthFailures,
  apiUser,
  authenticator,
  AuthFailure,
  registerMember,
  requestPasswordReset,
  resetPassword,
  resetPasswordFromForm,
  verifyCredentials,
} from "./services/auth.server";
export { confirmOrganiser } from "./services/confirm-organiser.server";
export {
  addOrganiser,
  CONFIRM_PATH,
  isOrganiser,
  listOrganisers,
  needsConfirmation,
  organiserAddresses,
  removeOrganiser,
  requireOrganiser,
} from "./services/organiser.server";
export { keepForLogin } from "./services/pending-submission.server";
export {
  codeForExpiredLink,
  personalLinkFor,
  personalLinkState,
  signInWithPersonalLink,
} from "./services/personal-link.server";
export { REGISTERED_LANDING, registerWithCode, requestRegisterCode } from "./services/register-code.server";
export {
  memberOfCodeLink,
  requestSignInCode,
  signInWithCode,
  signInWithCodeLink,
} from "./services/sign-in-code.server";
