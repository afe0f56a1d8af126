/** What other features use of the one-time secrets' kinds: a mail's personal link, a kept form. */
export { personalLinkFor, personalLinkState } from "~/features/accounts/services/kinds/personal-link.server";
export { keepForLogin } from "~/features/accounts/services/kinds/kept-submission.server";
