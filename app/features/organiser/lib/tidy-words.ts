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
