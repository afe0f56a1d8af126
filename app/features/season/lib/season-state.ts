/**
 * Where the season stands, computed once from the stored facts: every page, mail and job reads
 * this instead of guessing from the event's fields (decision 024).
 */
export const SEASON_PHASES = ["planned", "decided", "announced", "weekend", "over", "archived"] as const;
export type SeasonPhase = (typeof SEASON_PHASES)[number];

/** What is stored about the season, as the state needs it. */
export type SeasonFacts = {
  /** The edition rolled over (an archived edition). */
  archived: boolean;
  /** The planned weekend's first and last day (UTC dates), or null for a label that is not a window. */
  weekend: { start: Date; end: Date } | null;
  /** The organiser chose the weekend (a planned weekend alone is only a proposal). */
  weekendChosen: boolean;
  /** A house is chosen and still in play. */
  houseChosen: boolean;
  /** The latest announcement round reached members with this weekend and this house. */
  announced: boolean;
  now: Date;
  /** The event's time zone (EVENT_TIME_ZONE): the weekend's days begin and end there. */
  timeZone: string;
};

export type SeasonState = {
  phase: SeasonPhase;
  /** Decided or any later phase: the weekend and the house are chosen (Trip, Money, the trip mails). */
  decided: boolean;
  weekendChosen: boolean;
  houseChosen: boolean;
};

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

// Making a DateTimeFormat costs far more than formatting with one (it loads the zone's rules), and
// every member's page asks for the season's state: one per time zone, made once.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "2025-08-21": the calendar day `now` falls on in `timeZone`. */
export function dayIn(now: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/**
 * planned (a weekend proposed, the survey open) → decided (weekend and house chosen) → announced →
 * weekend (its days are today) → over (after its last day) → archived (the edition rolled over).
 * A plan whose dates pass stays a plan: only a decided weekend can begin or end.
 */
export function seasonState(facts: SeasonFacts): SeasonState {
  const { weekendChosen, houseChosen } = facts;
  const phase = phaseOf(facts);
  return { phase, decided: phase !== "planned", weekendChosen, houseChosen };
}

function phaseOf(facts: SeasonFacts): SeasonPhase {
  if (facts.archived) return "archived";
  if (!facts.weekendChosen || !facts.houseChosen || !facts.weekend) return "planned";
  const today = dayIn(facts.now, facts.timeZone);
  if (today > isoDay(facts.weekend.end)) return "over";
  if (today >= isoDay(facts.weekend.start)) return "weekend";
  return facts.announced ? "announced" : "decided";
}

/**
 * What the pages say in each phase: the home page's lead and verb around "the {name} … the weekend
 * of {dates}", the sentence after the dates on the event page, and the organiser's line on Decide.
 * The planned wording keeps the spec's ("happens the weekend of", "may start a day earlier or end a
 * day later").
 */
export const SEASON_WORDS: Record<
  SeasonPhase,
  { homeLead: string; homeVerb: string; event: string; organiser: string }
> = {
  planned: {
    homeLead: "The plan:",
    homeVerb: "happens",
    event: "We may start a day earlier or end a day later — the survey will tell.",
    organiser:
      "Planned: a weekend is proposed and the survey is open. Choose the weekend and the house to decide.",
  },
  decided: {
    homeLead: "Mark your calendar:",
    homeVerb: "happens",
    event: "The weekend is decided.",
    organiser: "Decided: the weekend and the house are chosen. Announce it on Mail.",
  },
  announced: {
    homeLead: "Mark your calendar:",
    homeVerb: "happens",
    event: "The weekend is decided.",
    organiser: "Announced: every member has the decision.",
  },
  weekend: {
    homeLead: "It is on:",
    homeVerb: "happens",
    event: "The weekend is now.",
    organiser: "The weekend: it is happening now.",
  },
  over: {
    homeLead: "That was it:",
    homeVerb: "happened",
    event: "The weekend is over.",
    organiser: "Over: the weekend is behind us. Start the next edition when you are ready.",
  },
  archived: {
    homeLead: "That was it:",
    homeVerb: "happened",
    event: "This edition is archived.",
    organiser: "Archived: this edition rolled over.",
  },
};
