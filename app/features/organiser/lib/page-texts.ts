/** The visitor pages' texts an organiser may rewrite; what the app says while nothing is saved. */
export const PAGE_TEXT_MAX = 4000;

export const PAGE_TEXTS = {
  eventNotes: { key: "text:event-notes", label: "Other notes on the event page" },
  about: { key: "text:about", label: "The About story" },
  pastEvents: { key: "text:past-events", label: "The Past Events introduction" },
} as const;

export type PageTextName = keyof typeof PAGE_TEXTS;
export const PAGE_TEXT_NAMES = Object.keys(PAGE_TEXTS) as PageTextName[];

/** What each page says when the organiser has saved nothing (the texts the app always had). */
export function defaultPageTexts(facts: {
  shortName: string;
  year: number;
  hasPastEditions: boolean;
}): Record<PageTextName, string> {
  return {
    eventNotes: [
      "- We split the house and groceries evenly; kids stay free.",
      "- Bring a swimsuit, a sleeping bag just in case, and your favourite game.",
      "- Suggest and vote on houses once you are logged in.",
    ].join("\n"),
    about: [
      "It started years ago as a single borrowed cabin, a cooler full of questionable snacks and a promise to do it again next summer. We kept the promise.",
      "Every year since, the same friends — plus the partners, kids and stragglers we have collected along the way — pick a long weekend, find a house big enough for everyone and spend a few days cooking, swimming, arguing about board games and catching up on a year of news.",
      `${facts.shortName} is the ${facts.year} edition. This site is where we decide when and where: fill in the survey, suggest a house, vote on the shortlist, and we will see you there.`,
    ].join("\n\n"),
    pastEvents: facts.hasPastEditions
      ? "Every earlier weekend, newest first, with its results as they were when it closed."
      : "Photos and stories from earlier get-togethers are on their way. Check back soon!",
  };
}
