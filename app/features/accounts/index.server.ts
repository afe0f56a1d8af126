/** The accounts feature's face: what other features, the routes and the tests use of its data access and services. */
export {
  addOrganiser,
  isOrganiser,
  listOrganisers,
  organiserAddresses,
  removeOrganiser,
  requireOrganiser,
} from "./services/organiser.server";
export { keepForLogin } from "./services/pending-submission.server";
export { personalLinkFor, personalLinkState } from "./services/personal-link.server";
