/** The accounts feature's face: what other features, the routes and the tests use of its data access and services. */
export { memberData } from "./models/account.server";
export { deleteEverySecretOf } from "./models/one-time.server";
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
  pageRefusal,
  registerMember,
  requestPasswordReset,
  resetPassword,
  resetPasswordFromForm,
  verifyCredentials,
} from "./services/auth.server";
export { codePageAction } from "./services/code-page.server";
export { confirmOrganiser } from "./services/confirm-organiser.server";
export { pendingEmailChange } from "./services/kinds/change-address.server";
export { confirmationAskedAt, createEmailConfirmation } from "./services/kinds/confirm-address.server";
export { keepForLogin } from "./services/kinds/kept-submission.server";
export {
  codeForExpiredLink,
  personalLinkFor,
  personalLinkState,
  signInWithPersonalLink,
} from "./services/kinds/personal-link.server";
export { REGISTERED_LANDING, registerWithCode, requestRegisterCode } from "./services/kinds/register.server";
export { completeSetup, issueSetupLink, setupPage } from "./services/kinds/setup.server";
export { restoreAction, restorePage } from "./services/setup-restore.server";
export {
  memberOfCodeLink,
  requestSignInCode,
  signInWithCode,
  signInWithCodeLink,
} from "./services/kinds/sign-in.server";
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
