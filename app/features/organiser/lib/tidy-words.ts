import { FORMER_MEMBER } from "~/platform/lib/former-member";

/** The intent of every confirmation step's form (ConfirmDelete): the one post its action runs on. */
export const CONFIRM_INTENT = "confirm";

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The most house titles a confirmation page lists one by one; the rest are counted. */
const LISTED = 30;

/** What deleting a member's suggested houses takes with it, each house by name. */
export function housesGo(houses: {
  list: { title: string; votes: number }[];
  votes: number;
  chosen: boolean;
}): string[] {
  if (houses.list.length === 0) return ["They suggested no houses"];
  const more = houses.list.length - LISTED;
  return [
    ...houses.list
      .slice(0, LISTED)
      .map((house) => `The house ${house.title} (${plural(house.votes, "vote")})`),
    ...(more > 0 ? [`And ${plural(more, "more house")}`] : []),
    `In all ${plural(houses.list.length, "house")} and ${plural(houses.votes, "vote")}, with their photos`,
    ...(houses.chosen ? ["The choice of one of them for the event (no house will be chosen)"] : []),
  ];
}

/**
 * What happens to a leaving member's part of the trip (decision 025), for both delete pages: `whose`
 * is "your" (the member's own page) or "its" (the organiser's). `open` is their open balance per
 * currency in words ("owed €29.50"), empty when they are square.
 */
export function leavingWords(whose: "your" | "its", open: readonly string[]): string[] {
  const Whose = whose === "your" ? "Your" : "Its";
  return [
    `${Whose} house share, payments, expenses and shares stay in the trip’s ledger under “${FORMER_MEMBER}”, so everyone’s balances still add up: the others’ shares do not change (only an organiser may re-split ${whose === "your" ? "yours" : "it"}, on purpose)`,
    ...(open.length
      ? [
          `${Whose} open balance: ${whose === "your" ? "you are" : "the member is"} ${open.join(" and ")}. It stays open under “${FORMER_MEMBER}”: nobody is asked to pay ${whose === "your" ? "you" : "it"} or wait for ${whose === "your" ? "you" : "it"}, and an organiser records it once it is settled outside the app, or writes it off. Settle it with the group first if you can: once the account is gone, nobody can sign in to it`,
        ]
      : []),
    `${Whose} seat in someone’s car is given back; the rides ${whose === "your" ? "you" : "it"} offered are declined, and the riders see it on the trip page`,
    `${Whose} place in a room and the items ${whose === "your" ? "you" : "it"} claimed to bring are freed`,
  ];
}
